#!/usr/bin/env node
// The `sheaf` command of the npm package: runs the sheaf binary of the
// platform package npm installed beside this one (@sheaf/linux-x64, ...,
// an optional dependency; npm installs only the one whose os, cpu and libc
// fit). SHEAF_BINARY names another binary. Plain JavaScript, no
// dependencies, as esbuild's and Biome's launchers.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");

const PLATFORMS = {
  "linux-x64": "@sheaf/linux-x64",
  "linux-arm64": "@sheaf/linux-arm64",
  "darwin-x64": "@sheaf/darwin-x64",
  "darwin-arm64": "@sheaf/darwin-arm64",
  "win32-x64": "@sheaf/win32-x64",
};

function fail(message) {
  process.stderr.write(`sheaf: ${message}\n`);
  process.exit(1);
}

function binaryPath() {
  if (process.env.SHEAF_BINARY) {
    return process.env.SHEAF_BINARY;
  }
  const platform = `${process.platform}-${process.arch}`;
  const pkg = PLATFORMS[platform];
  if (!pkg) {
    fail(`no prebuilt binary for ${platform}; install with cargo: cargo install sheaf`);
  }
  const exe = process.platform === "win32" ? "sheaf.exe" : "sheaf";
  try {
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    fail(
      `${pkg} is not installed. It is an optional dependency of sheaf: ` +
        "install without --no-optional / --omit=optional, and with the same os and cpu as where it runs",
    );
  }
}

/// npm may unpack the binary without its executable bit.
function executable(path) {
  if (process.platform !== "win32") {
    const mode = fs.statSync(path).mode;
    if ((mode & 0o111) === 0) {
      fs.chmodSync(path, mode | 0o755);
    }
  }
  return path;
}

const result = spawnSync(executable(binaryPath()), process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  fail(`cannot run ${binaryPath()}: ${result.error.message}`);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
