import Foundation

/// A server a test writes itself as a Python 3 standard-library script, for what ``LocalHTTPServer``'s
/// canned routes cannot do (keep-alive that counts connections, a forward proxy, TLS, IPv6, a body
/// streamed until the client gives up). The script prints its port on its first line and serves until
/// its standard input closes, which ``stop()`` (or releasing the server) does.
public final class ScriptedServer {
    /// The port the script printed.
    public var port: Int { server.port }
    private let server: LoopbackServer

    /// Runs `script` with `arguments` (a ``LoopbackServer``) and waits for the port on its first line.
    public init(script: String, arguments: [String] = []) throws {
        server = try LoopbackServer(name: "the scripted server") { _ in ["-c", script] + arguments }
    }

    /// A threaded HTTP/1.1 server on 127.0.0.1 whose request handler a test writes: `handler` is the
    /// body of a `BaseHTTPRequestHandler` subclass (its `do_GET` and the like, indented by four spaces),
    /// `prelude` the module-level lines before it (imports beyond `http.server`, `sys` and `threading`;
    /// state the handler shares). The scaffolding (quiet logging, the port printed, serving until
    /// stopped) is written once here.
    public convenience init(handler: String, prelude: String = "", arguments: [String] = []) throws {
        let script = """
            import http.server, sys, threading
            \(prelude)
            class Handler(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
            \(handler)
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            server.daemon_threads = True
            print(server.server_address[1], flush=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            sys.stdin.read()
            """
        try self.init(script: script, arguments: arguments)
    }

    /// Ends the script (its standard input closes) and waits for it.
    public func stop() {
        server.stop()
    }

    /// A server that answers every GET with `body` as `contentType`: over TLS with `certificate` and
    /// `key` (PEM files) when given, on `::1` when `ipv6`.
    public static func answering(_ body: String, contentType: String = "application/json", certificate: URL? = nil, key: URL? = nil,
                                 ipv6: Bool = false) throws -> ScriptedServer {
        let script = #"""
        import http.server, socket, ssl, sys, threading
        body, kind, certificate, key, ipv6 = sys.argv[1].encode(), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == "1"
        class Server(http.server.ThreadingHTTPServer):
            address_family = socket.AF_INET6 if ipv6 else socket.AF_INET
            daemon_threads = True
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = Server(("::1" if ipv6 else "127.0.0.1", 0), Handler)
        if certificate:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(certificate, key)
            server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sys.stdin.read()
        """#
        return try ScriptedServer(script: script, arguments: [body, contentType, certificate?.path ?? "", key?.path ?? "", ipv6 ? "1" : "0"])
    }
}

/// A certificate authority made for a test with the `openssl` command, and a server certificate it
/// signs for 127.0.0.1 and localhost: what https tests trust through `SSL_CERT_FILE`.
public struct TestCertificates: Sendable {
    /// The authority's certificate (PEM): the file `SSL_CERT_FILE` names to trust it.
    public let authority: URL
    /// The server's certificate and key (PEM).
    public let certificate: URL
    public let key: URL

    /// Whether `openssl` is there to make them.
    public static var canMake: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    /// Makes the authority and the server's certificate in `folder` (which must exist).
    public init(in folder: URL) throws {
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw LocalHTTPServer.StartError(description: "openssl \(arguments.joined(separator: " ")) failed")
            }
        }
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=apps-cli test CA"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try Data("subjectAltName=IP:127.0.0.1,DNS:localhost\n".utf8).write(to: folder.appendingPathComponent("san.ext"))
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
                     "-days", "2", "-extfile", "san.ext"])
        authority = folder.appendingPathComponent("ca.pem")
        certificate = folder.appendingPathComponent("server.pem")
        key = folder.appendingPathComponent("server.key")
    }
}
