"""A tiny login server for the HTTP service tests (python3 standard library only).

It binds to a free port on 127.0.0.1, prints the port on one line, and answers until its stdin
closes. The account name chooses the answer: `ok` succeeds, `expired` gives 401, `boom` 500,
`refused` a non-zero code, `garbage` a body that is not JSON, `empty` a success envelope
without data, `silent` no answer until the server stops (for the client's timeout),
`trickle` the headers at once and then one body byte every 1.5 s until the server stops (for
a timeout that must bound the whole exchange), `redirect` a 307 to /landing (which answers a
session for whatever account the re-sent body names, or none), `nouser` and `notoken` a success
whose session has an empty user id or token.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body):
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def behave(self, account, data):
        if account == "expired":
            self.answer(401, {"code": 401, "msg": "expired", "data": None})
        elif account == "boom":
            self.answer(500, b"internal error")
        elif account == "refused":
            self.answer(200, {"code": 1002, "msg": "account locked", "data": None})
        elif account == "garbage":
            self.answer(200, b"{not json")
        elif account == "empty":
            self.answer(200, {"code": 0, "msg": "ok", "data": None})
        elif account == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "64")
            self.end_headers()
            self.wfile.flush()
            while not stopping.wait(1.5):
                self.wfile.write(b" ")
                self.wfile.flush()
        elif account == "redirect":
            self.send_response(307)
            self.send_header("Location", "/landing")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif account == "nouser":
            self.answer(200, {"code": 0, "msg": "ok", "data": {"userID": "", "token": "t"}})
        elif account == "notoken":
            self.answer(200, {"code": 0, "msg": "ok", "data": {"userID": "someone", "token": ""}})
        elif account == "profile":  # a session with seed 000's profile fields
            profile = {"sessionID": "sid-9", "realName": "Alice Liddell",
                       "avatarURL": "https://avatars.example/alice.png", "language": "fr"}
            self.answer(200, {"code": 0, "msg": "ok", "data": dict(data, **profile)})
        elif account == "silent":
            stopping.wait()  # no answer while the test runs: the client gives up on its timeout
            self.answer(200, {"code": 0, "msg": "too late", "data": data})
        else:
            self.answer(200, {"code": 0, "msg": "ok", "data": data})

    def do_GET(self):
        if self.path.startswith("/landing"):  # a redirected POST re-sent as a GET, without its body
            self.answer(200, {"code": 0, "msg": "ok", "data": {"userID": "", "token": "landed"}})
            return
        query = parse_qs(urlparse(self.path).query)
        account = query.get("account", [""])[0]
        self.behave(account, len(account) >= 8)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        account = body.get("account", "")
        if self.path.startswith("/landing"):
            self.answer(200, {"code": 0, "msg": "ok", "data": {"userID": account, "token": "landed"}})
            return
        self.behave(account, {"userID": account, "token": "t-" + body.get("password", "")})


class Server(ThreadingHTTPServer):
    daemon_threads = True


stopping = threading.Event()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
stopping.set()
server.shutdown()
