import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Who holds a claim: this process's owner name, and whether the process behind an owner name has died.
extension Outbox {
    /// The owner name of this process: this boot of the machine, its process-id namespace (containers
    /// on one kernel share the boot, not the process ids), the process id and when the process
    /// started, so that a claim of a process that died is recognised as such (a process id is reused,
    /// its start time within one boot is not).
    public static func processOwner() -> String {
        let pid = getpid()
        return "\(processSpace ?? "?")/\(pid)/\(processStart(pid) ?? "?")"
    }

    /// Whether `owner` is a ``processOwner()`` name of a process of this boot and this process-id
    /// namespace that is no longer running (or a zombie). Unknown (another machine or container, a name
    /// of another form, `/proc` unreadable and the process there): not dead — its lease decides.
    static func isDeadProcess(_ owner: String) -> Bool {
        let parts = owner.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let space = processSpace, String(parts[0]) == space, let pid = Int32(parts[1]), pid > 0 else { return false }
        if parts[2] != "?", let started = processStart(pid) { return started != String(parts[2]) }
        // No start time to compare: only a process id nobody has is surely dead.
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// This boot of the machine (`/proc/sys/kernel/random/boot_id`) and this process-id namespace
    /// (`/proc/self/ns/pid`), "boot:pid:[4026531836]"; nil when either cannot be read.
    private static let processSpace: String? = {
        guard let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines), !boot.isEmpty,
              let space = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid"), !space.isEmpty
        else { return nil }
        return boot + ":" + space.replacingOccurrences(of: "/", with: "_")
    }()

    /// Field 22 of `/proc/<pid>/stat`: the process's start, in clock ticks since boot; nil when it is
    /// not running (a zombie included) or cannot be read.
    private static func processStart(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces and parentheses), fields 3 onwards: the state, …
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return String(fields[19])
    }
}
