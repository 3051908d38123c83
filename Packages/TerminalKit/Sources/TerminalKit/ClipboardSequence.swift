import Foundation

/// OSC 52: asks the terminal to put text on the system clipboard ("c"). It works over SSH (the
/// terminal, not the remote machine, owns the clipboard) and inside tmux with tmux's own clipboard
/// handling (`set-clipboard on` or `external`): the sequence is written plainly, never wrapped in a
/// passthrough, so tmux keeps its buffer and forwards it as the person configured.
public enum ClipboardSequence {
    /// More than any value a screen offers; terminals refuse longer ones (xterm: about 74 kB).
    public static let maximumBytes = 32 * 1024

    /// The bytes to write for `text`: base64 in OSC 52, ended with ST; nil when it is empty or too long.
    public static func bytes(for text: String) -> [UInt8]? {
        let data = Data(text.utf8)
        guard !data.isEmpty, data.count <= maximumBytes else { return nil }
        return Array("\u{1B}]52;c;\(data.base64EncodedString())\u{1B}\\".utf8)
    }
}
