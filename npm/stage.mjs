#!/usr/bin/env node
// Stages the npm packages: `sheaf` (the launcher, bin/sheaf.js) and one
// package per platform holding its binary, in the pattern of esbuild and
// Biome. The version and repository are Cargo.toml's.
//
//   node npm/stage.mjs --archives DIR --out OUT
//       every platform, from the release archives in DIR (release.yml)
//   node npm/stage.mjs --binary PATH --platform linux-x64 --out OUT
//       one platform, from a binary built here (tests/npm_package.rs)
//
// Writes OUT/sheaf and OUT/platforms/PLATFORM, each ready for `npm pack`
// or `npm publish`. Plain Node, no dependencies.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);

/// The platforms, keyed as `${process.platform}-${process.arch}` (the
/// launcher's keys), with npm's os/cpu/libc fields and the Rust target.
export const PLATFORMS = {
  "linux-x64": { os: "linux", cpu: "x64", libc: ["glibc", "musl"], target: "x86_64-unknown-linux-musl" },
  "linux-arm64": { os: "linux", cpu: "arm64", libc: ["glibc", "musl"], target: "aarch64-unknown-linux-musl" },
  "darwin-x64": { os: "darwin", cpu: "x64", target: "x86_64-apple-darwin" },
  "darwin-arm64": { os: "darwin", cpu: "arm64", target: "aarch64-apple-darwin" },
  "win32-x64": { os: "win32", cpu: "x64", target: "x86_64-pc-windows-msvc" },
};

function cargoValue(key) {
  const cargo = fs.readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const match = cargo.match(new RegExp(`^${key} = "(.*)"$`, "m"));
  if (!match) throw new Error(`no ${key} in Cargo.toml`);
  return match[1];
}

function options(argv) {
  const named = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--") || argv[i + 1] === undefined) {
      throw new Error(`usage: stage.mjs (--archives DIR | --binary PATH --platform P) --out OUT; got ${argv[i]}`);
    }
    named[argv[i].slice(2)] = argv[i + 1];
  }
  if (!named.out || !(named.archives || (named.binary && named.platform))) {
    throw new Error("usage: stage.mjs (--archives DIR | --binary PATH --platform P) --out OUT");
  }
  return named;
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function common(version) {
  return { version, license: cargoValue("license"), repository: { type: "git", url: `git+${cargoValue("repository")}.git` } };
}

function stageLauncher(out, version) {
  const dir = path.join(out, "sheaf");
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  fs.copyFileSync(path.join(here, "sheaf/bin/sheaf.js"), path.join(dir, "bin/sheaf.js"));
  fs.chmodSync(path.join(dir, "bin/sheaf.js"), 0o755);
  fs.copyFileSync(path.join(here, "sheaf/README.md"), path.join(dir, "README.md"));
  const optional = Object.fromEntries(Object.keys(PLATFORMS).map((p) => [`@sheaf/${p}`, version]));
  writeJson(path.join(dir, "package.json"), {
    name: "sheaf",
    ...common(version),
    description: cargoValue("description"),
    bin: { sheaf: "bin/sheaf.js" },
    files: ["bin/sheaf.js", "README.md"],
    engines: { node: ">=18" },
    optionalDependencies: optional,
  });
}

function stagePlatform(out, version, platform, binary) {
  const { os, cpu, libc } = PLATFORMS[platform];
  const dir = path.join(out, "platforms", platform);
  const exe = os === "win32" ? "sheaf.exe" : "sheaf";
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  fs.copyFileSync(binary, path.join(dir, "bin", exe));
  fs.chmodSync(path.join(dir, "bin", exe), 0o755);
  writeJson(path.join(dir, "package.json"), {
    name: `@sheaf/${platform}`,
    ...common(version),
    description: `The sheaf binary for ${platform}${libc ? " (static, musl: runs on glibc and musl)" : ""}`,
    os: [os],
    cpu: [cpu],
    ...(libc ? { libc } : {}),
    files: [`bin/${exe}`],
    preferUnplugged: true,
  });
}

/// The binary inside a release archive (dist/package.sh's layout).
function unpackArchive(archives, platform, scratch) {
  const { target, os } = PLATFORMS[platform];
  const archive = path.join(archives, os === "win32" ? `sheaf-${target}.zip` : `sheaf-${target}.tar.xz`);
  const into = path.join(scratch, platform);
  fs.mkdirSync(into, { recursive: true });
  const [tool, args] = os === "win32" ? ["unzip", ["-q", archive, "-d", into]] : ["tar", ["-xJf", archive, "-C", into]];
  execFileSync(tool, args, { stdio: "inherit" });
  return path.join(into, `sheaf-${target}`, os === "win32" ? "sheaf.exe" : "sheaf");
}

function main() {
  const named = options(process.argv.slice(2));
  const version = cargoValue("version");
  const out = path.resolve(named.out);
  stageLauncher(out, version);
  if (named.binary) {
    if (!PLATFORMS[named.platform]) throw new Error(`unknown platform ${named.platform}`);
    stagePlatform(out, version, named.platform, named.binary);
    return;
  }
  const scratch = fs.mkdtempSync(path.join(out, ".unpack-"));
  for (const platform of Object.keys(PLATFORMS)) {
    stagePlatform(out, version, platform, unpackArchive(named.archives, platform, scratch));
  }
  fs.rmSync(scratch, { recursive: true });
}

main();
