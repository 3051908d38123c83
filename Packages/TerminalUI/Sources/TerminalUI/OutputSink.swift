/// Where rendered bytes go: the terminal session, or a recorder in tests.
public protocol OutputSink: AnyObject {
    /// Writes `bytes` in order; the renderer calls it at most once per rendered frame.
    func write(_ bytes: [UInt8])
}
