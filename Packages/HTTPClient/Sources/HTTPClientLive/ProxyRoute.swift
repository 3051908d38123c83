#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which proxy, if any, carries a request: read from the environment the transport was given (never
/// the process's own, so a test or the composition root decides), as curl reads it —
/// `http_proxy` for http (lower case only, as curl: a CGI server sets `HTTP_PROXY` from a request's
/// `Proxy:` header), `https_proxy` / `HTTPS_PROXY` for https, then `all_proxy` / `ALL_PROXY`, with
/// `no_proxy` / `NO_PROXY` naming hosts that go direct.
///
/// This machine's own addresses never go through a proxy, and "own" is decided from the address, not
/// from a list of spellings: `127.0.0.1`, `127.1`, `2130706433`, `[::1]`, `[::ffff:127.0.0.1]` and
/// `localhost` (with its subdomains, RFC 6761) are all loopback.
struct ProxyRoute: Equatable {
    /// The proxy URL for libcurl's `CURLOPT_PROXY`; empty for none (which also stops libcurl from
    /// reading the process's environment).
    var proxy: String
    /// The hosts that go direct, for `CURLOPT_NOPROXY`.
    var noProxy: String

    init(proxy: String, noProxy: String) {
        self.proxy = proxy
        self.noProxy = noProxy
    }

    init(for url: URL, environment: [String: String]) {
        let host = url.host ?? ""
        if Self.isLoopback(host: host) {
            proxy = ""
            noProxy = ""
            return
        }
        let scheme = url.scheme?.lowercased() ?? "http"
        let candidates = scheme == "https" ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
        proxy = candidates.lazy.compactMap { environment[$0] }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        noProxy = [environment["no_proxy"], environment["NO_PROXY"]].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
    }

    /// Whether `host` (a URL's host, brackets and an RFC 6874 zone id allowed) names this machine
    /// through its loopback interface: any IPv4 address in 127.0.0.0/8 in any form `inet_aton` reads,
    /// `::1`, an IPv4-mapped or -compatible IPv6 address of 127.0.0.0/8, or a `localhost` name.
    static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let zone = name.firstIndex(of: "%") { name = String(name[..<zone]) }
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            let mapped = bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff
            let compatible = bytes[0..<12].allSatisfy({ $0 == 0 })
            return (mapped || compatible) && bytes[12] == 127
        }
        var v4 = in_addr()
        guard inet_aton(name, &v4) != 0 else { return false }
        return UInt32(bigEndian: v4.s_addr) >> 24 == 127
    }
}
