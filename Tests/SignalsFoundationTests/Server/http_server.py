"""A tiny HTTP server for the data task publisher tests (python3 standard library only).

It binds to a free port on 127.0.0.1, prints the port on one line, and answers until its stdin
closes (or for at most 600 s, a guard against a leaked server). Each request prints
"received PATH" before it is answered. `/hello` answers 200 "hello",
`/search?q=NAME` 200 with the JSON `{"items": [{"name": "NAME-kit", "stars": 3}]}`, anything
else 404 "no such page". `/hold` answers nothing: it waits
(at most 300 s) for the client to close the connection and prints "closed /hold", or
"timeout /hold" if the client never did. The limits are generous so that a loaded machine never
reaches them; each wait ends at its event.
"""
import json
import os
import select
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        print("received " + self.path, flush=True)
        if self.path == "/hello":
            self.answer(200, b"hello")
        elif self.path.startswith("/search?"):
            name = parse_qs(urlsplit(self.path).query).get("q", [""])[0]
            self.answer(200, json.dumps({"items": [{"name": name + "-kit", "stars": 3}]}).encode())
        elif self.path == "/hold":
            readable, _, _ = select.select([self.connection], [], [], 300)
            closed = bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
            print("closed /hold" if closed else "timeout /hold", flush=True)
        else:
            self.answer(404, b"no such page")


class Server(ThreadingHTTPServer):
    daemon_threads = True


threading.Timer(600, lambda: os._exit(0)).start()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
os._exit(0)
