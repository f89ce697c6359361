#!/usr/bin/env python3
"""Request latency of the live preview, for one or more sheaf binaries in
the same run: each serves a copy of example-docs on a free port, then
CLIENTS threads send REQUESTS page and asset requests in all (each on a new
connection, as the preview closes every answer's connection); prints
requests per second and the median and 99th percentile latency.

usage: bench/serve_requests.py BIN [BIN...]   (REQUESTS=4000 CLIENTS=16)
"""
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUESTS = int(os.environ.get("REQUESTS", "4000"))
CLIENTS = int(os.environ.get("CLIENTS", "16"))
PATHS = ["/", "/quickstart/", "/api-reference/get-user/", "/missing/"]


def serve(binary, root):
    child = subprocess.Popen(
        [binary, "serve", root, "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    port = None
    for line in child.stderr:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found and port is None:
            port = int(found.group(1))
        if "done in" in line:
            break
    threading.Thread(target=lambda: [None for _ in child.stderr], daemon=True).start()
    return child, port


def client(port, count, times):
    for i in range(count):
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", PATHS[i % len(PATHS)])
        connection.getresponse().read()
        connection.close()
        times.append(time.perf_counter() - started)


def measure(binary):
    work = tempfile.mkdtemp()
    root = os.path.join(work, "docs")
    shutil.copytree(os.path.join(HERE, "example-docs"), root)
    child, port = serve(binary, root)
    try:
        times = []
        threads = [
            threading.Thread(target=client, args=(port, REQUESTS // CLIENTS, times))
            for _ in range(CLIENTS)
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
        times.sort()
        p99 = times[int(len(times) * 0.99) - 1]
        print(
            f"{binary}: {len(times) / wall:.0f} requests/s, "
            f"p50 {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"
        )
    finally:
        child.kill()
        child.wait()
        shutil.rmtree(work)


for binary in sys.argv[1:]:
    measure(os.path.abspath(binary))
