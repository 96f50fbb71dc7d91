"""A tiny HTTP server for the data task publisher tests (python3 standard library only).

It binds to a free port on 127.0.0.1, prints the port on one line, and answers until its stdin
closes (or for at most 600 s, a guard against a leaked server). `/hello` answers 200 "hello",
`/missing` 404 "no such page". `/hold` answers nothing: it prints "received /hold", then waits
(at most 300 s) for the client to close the connection and prints "closed /hold", or
"timeout /hold" if the client never did. The limits are generous so that a loaded machine never
reaches them; each wait ends at its event.
"""
import os
import select
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


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
        if self.path == "/hello":
            self.answer(200, b"hello")
        elif self.path == "/hold":
            print("received /hold", flush=True)
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
