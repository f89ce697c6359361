"""A plain static host for bench/lighthouse.sh: serves a built site from a
folder on 127.0.0.1 (port 0: the port is printed on the first line), gzip
for text types when the client accepts it, as static hosts do (compressed
on the fly at level 6, no precompressed files), `index.html` for folders,
`404.html` for what is not there.

    python3 serve.py SITE
"""
import gzip
import http.server
import os
import sys

COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml",
              "application/xml", "application/manifest+json")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "application/javascript", ".mjs": "application/javascript",
                      ".json": "application/json", ".svg": "image/svg+xml",
                      ".webp": "image/webp", ".woff2": "font/woff2", ".txt": "text/plain",
                      ".md": "text/markdown; charset=utf-8", ".xml": "application/xml"}

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.translate_path(self.path)
        status = 200
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                self.send_response(301)
                self.send_header("Location", self.path.split("?")[0] + "/")
                self.end_headers()
                return
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            path = os.path.join(self.directory, "404.html")
            status = 404
            if not os.path.isfile(path):
                self.send_error(404)
                return
        with open(path, "rb") as f:
            body = f.read()
        kind = self.guess_type(path)
        if kind.startswith("text/") and "charset" not in kind:
            kind += "; charset=utf-8"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if accepts and kind.startswith(COMPRESSED):
            body = gzip.compress(body, compresslevel=6, mtime=0)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        # As hosts serve fingerprinted files: a year; pages: revalidated.
        cache = "public, max-age=31536000, immutable" if "/_sheaf/" in self.path else "no-cache"
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)


def main():
    site = sys.argv[1]
    handler = lambda *a, **k: Handler(*a, directory=site, **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
