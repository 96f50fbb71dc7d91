"""A tiny login server for the HTTP service tests (python3 standard library only).

It binds to a free port on 127.0.0.1, prints the port on one line, and answers until its stdin
closes. The account name chooses the answer: `ok` succeeds, `expired` gives 401, `boom` 500,
`refused` a non-zero code, `garbage` a body that is not JSON, `empty` a success envelope
without data, `silent` no answer until the server stops (for the client's timeout),
`trickle` the headers at once and then one body byte every 1.5 s until the server stops (for
a timeout that must bound the whole exchange), `redirect` a 307 to /landing (which answers a
session for whatever account the re-sent body names, or none), `nouser` and `notoken` a success
whose session has an empty user id or token.

SMS and face login: `POST /sms/code` `{"phone"}` texts a code to 5550100 only (data true, else
code 1003); `POST /sms/login` `{"phone", "code"}` logs 5550100 in with code 246810 (else code
1004); `POST /biometric/refresh` `{"token"}` refuses `revoked` (code 40) and otherwise answers
`{"token": "renewed", "expiresIn": 3600}`; `POST /biometric/session` `{"token"}` gives a session
for `renewed` and answers 401 for any other token (it has expired).
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

    def sms_and_biometric(self, body):
        """Answers the SMS and face login endpoints; False for any other path."""
        ok = lambda data: self.answer(200, {"code": 0, "msg": "ok", "data": data})
        refuse = lambda code, msg: self.answer(200, {"code": code, "msg": msg, "data": None})
        if self.path == "/sms/code":
            ok(True) if body.get("phone") == "5550100" else refuse(1003, "No account has this number")
        elif self.path == "/sms/login":
            if body.get("phone") == "5550100" and body.get("code") == "246810":
                ok({"userID": "alice@example.com", "token": "sms-t", "realName": "Alice Liddell"})
            else:
                refuse(1004, "Wrong code")
        elif self.path == "/biometric/refresh":
            if body.get("token") == "revoked":
                refuse(40, "revoked")
            else:
                ok({"token": "renewed", "expiresIn": 3600})
        elif self.path == "/biometric/session":
            if body.get("token") == "renewed":
                ok({"userID": "alice@example.com", "token": "bio-t", "language": "en"})
            else:
                self.answer(401, {"code": 401, "msg": "expired", "data": None})
        else:
            return False
        return True

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.sms_and_biometric(body):
            return
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
