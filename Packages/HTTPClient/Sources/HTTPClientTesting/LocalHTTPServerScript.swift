/// The Python 3 (standard library only) server behind ``LocalHTTPServer``.
///
/// Arguments: the routes file (JSON) and the request log file (JSON lines). It prints the chosen port and
/// then serves until its stdin closes, its parent changes (the test process died) or it receives SIGTERM.
enum LocalHTTPServerScript {
    static let source = #"""
import base64, json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

routes_path, log_path = sys.argv[1], sys.argv[2]
with open(routes_path) as f:
    routes = json.load(f)
for r in routes:
    r["body"] = base64.b64decode(r["body"])
log_lock = threading.Lock()
parent = os.getppid()

route_lock = threading.Lock()

def available(r):
    return r.get("times") is None or r.get("used", 0) < r["times"]

def find_route(method, target):
    # A route with "times" answers that many requests, then the next matching route answers.
    path = target.split("?", 1)[0]
    with route_lock:
        chosen = None
        for r in routes:
            if r["method"] == method and r["path"] == target and available(r):
                chosen = r
                break
        if chosen is None:
            for r in routes:
                if r["method"] == method and "?" not in r["path"] and r["path"] == path and available(r):
                    chosen = r
                    break
        if chosen is not None:
            chosen["used"] = chosen.get("used", 0) + 1
            return chosen
    if method == "HEAD":
        return find_route("GET", target)
    return None

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def handle_any(self):
        body = self.read_body()
        entry = {"method": self.command, "path": self.path,
                 "headers": {k: v for k, v in self.headers.items()},
                 "body_base64": base64.b64encode(body).decode("ascii")}
        with log_lock:
            with open(log_path, "a") as log:
                log.write(json.dumps(entry) + "\n")
        route = find_route(self.command, self.path)
        if route is None:
            status, payload, headers, delay = 404, b'{"error":"not found"}', {"Content-Type": "application/json"}, 0
        else:
            status, payload, headers, delay = route["status"], route["body"], route["headers"], route["delay"]
        if delay > 0:
            time.sleep(delay)
        fault = route.get("fault") if route else None
        if fault:
            self.send_fault(fault, status, headers, payload)
            self.close_connection = True
            return
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def send_fault(self, fault, status, headers, payload):
        try:
            if fault == "reset":
                # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
                import socket, struct
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
                return
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Connection", "close")
            self.end_headers()
            if fault == "endless":
                # No Content-Length, and bytes until the client hangs up (bounded: 60 s at most).
                chunk = (payload or b"x") * max(1, 65536 // max(1, len(payload or b"x")))
                deadline = time.time() + 60
                while time.time() < deadline:
                    self.wfile.write(chunk)
                    # Let the other threads have the interpreter: a writer that never sleeps starves
                    # the requests that come after it (64 MB/s is still far beyond any byte cap).
                    time.sleep(0.001)
            elif fault == "drip":
                # One byte a second, for 60 s at most.
                for _ in range(60):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any

    def log_message(self, *args):
        pass

class Server(ThreadingHTTPServer):
    daemon_threads = True
    def handle_error(self, request, client_address):
        pass

def exit_when_orphaned():
    # stdin is a pipe from the test process: EOF means it closed it or died.
    threading.Thread(target=lambda: (sys.stdin.buffer.read(), os._exit(0)), daemon=True).start()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)

server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=exit_when_orphaned, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
"""#
}
