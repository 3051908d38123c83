import CCurlShim
import Foundation
import HTTPClient
import Synchronization

/// One libcurl multi handle and the thread that drives it: every transfer added to it shares its
/// connections (keep-alive, and HTTP/2 multiplexing where a TLS server offers it), at most
/// ``connectionsPerHost`` to one host. The thread sleeps in `curl_multi_poll` while transfers wait, so a
/// request that waits costs no CPU; `curl_multi_wakeup` wakes it when a transfer is added or removed.
public final class CurlSession: Sendable {
    /// Connections to one host at most (as browsers keep): more requests wait for one to be free.
    public static let connectionsPerHost = 6
    /// Header lines one answer may have: more is no server's answer, and is refused at once.
    public static let maximumHeaderLines = 500
    /// Header bytes one answer may have.
    public static let maximumHeaderBytes = 256 << 10
    /// Redirects followed at most.
    public static let maximumRedirects = 10

    private let loop: CurlLoop
    /// Where `SSL_CERT_FILE`, `SSL_CERT_DIR` and the proxies (``ProxyRoute``) are read: the process's
    /// environment unless a caller (a test) gives another; libcurl never reads the process's own.
    let environment: [String: String]

    /// A session with its own thread and connection pool.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        loop = CurlLoop()
        let loop = self.loop
        let thread = Thread { loop.run() }
        thread.name = "libcurl"
        thread.start()
    }

    deinit {
        loop.stop()
    }

    func add(_ transfer: CurlTransfer) {
        loop.add(transfer)
    }

    func remove(_ transfer: CurlTransfer) {
        loop.remove(transfer)
    }
}

/// The multi handle's thread. `@unchecked Sendable`: `multi` and `active` are used only by ``run()``
/// on its own thread (after `init`, which nothing else sees yet); what other threads hand over goes
/// through `commands`, a `Mutex`; and `curl_multi_wakeup` is the one libcurl call documented as safe
/// from any thread.
private final class CurlLoop: @unchecked Sendable {
    struct Commands {
        var adds: [CurlTransfer] = []
        var removes: [CurlTransfer] = []
        var stopped = false
    }

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    private let multi: UnsafeMutableRawPointer?
    private let commands = Mutex(Commands())
    private var active: [Int: CurlTransfer] = [:]

    init() {
        _ = Self.globalInit
        multi = curl_multi_init()
        _ = apps_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, CurlSession.connectionsPerHost)
        _ = apps_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    func add(_ transfer: CurlTransfer) {
        commands.withLock { $0.adds.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func remove(_ transfer: CurlTransfer) {
        commands.withLock { $0.removes.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func stop() {
        commands.withLock { $0.stopped = true }
        curl_multi_wakeup(multi)
    }

    func run() {
        var running: Int32 = 0
        while true {
            let taken = commands.withLock { commands -> Commands in
                defer { commands.adds = []; commands.removes = [] }
                return commands
            }
            for transfer in taken.adds where !transfer.isFinished {
                let added = curl_multi_add_handle(multi, transfer.easy)
                guard added == CURLM_OK else {
                    transfer.finish(.failure(Self.failure(added, doing: "start the request")))
                    continue
                }
                active[transfer.key] = transfer
            }
            for transfer in taken.removes {
                guard active.removeValue(forKey: transfer.key) != nil else { continue }
                // Its caller was answered already (cancelled); a failure here changes nothing for it.
                _ = curl_multi_remove_handle(multi, transfer.easy)
            }
            if taken.stopped {
                for transfer in active.values {
                    curl_multi_remove_handle(multi, transfer.easy)
                    transfer.finish(.failure(.cancelled))
                }
                active.removeAll()
                curl_multi_cleanup(multi)
                return
            }
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK {
                // The multi handle itself failed (out of memory, a broken internal state): every request
                // on it ends with that, rather than waiting for a transfer that will never finish.
                failAll(Self.failure(performed, doing: "go on with the requests"))
            }
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = apps_curl_message_result(message)
                guard let transfer = active.removeValue(forKey: Int(bitPattern: easy)) else { continue }
                curl_multi_remove_handle(multi, easy)
                transfer.complete(result)
            }
            // Sleeps until a socket is ready, libcurl's next timeout, or a wakeup: never a busy wait.
            let polled = curl_multi_poll(multi, nil, 0, 1000, nil)
            if polled != CURLM_OK {
                failAll(Self.failure(polled, doing: "wait for the server"))
                // poll could not sleep, so this thread must: a failing poll would otherwise spin a core.
                usleep(50_000)
            }
        }
    }

    /// Ends every active transfer with `error`.
    private func failAll(_ error: HTTPError) {
        for transfer in active.values {
            _ = curl_multi_remove_handle(multi, transfer.easy)
            transfer.finish(.failure(error))
        }
        active.removeAll()
    }

    /// A multi handle's failure in the words of the request's error.
    static func failure(_ code: CURLMcode, doing what: String) -> HTTPError {
        .other("libcurl could not \(what): \(String(cString: curl_multi_strerror(code))) (libcurl multi error \(code.rawValue))")
    }
}

