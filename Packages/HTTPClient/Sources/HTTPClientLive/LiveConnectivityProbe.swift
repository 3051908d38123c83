import Foundation
import HTTPClient

extension ConnectivityProbe {
    /// A probe over its own ``CurlTransport`` with a short timeout.
    public init(timeout: TimeInterval = 3) {
        self.init(transport: CurlTransport(timeout: timeout))
    }
}
