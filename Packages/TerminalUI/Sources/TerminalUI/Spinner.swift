/// The frames of a loading indicator; the caller advances `tick` while something loads.
public enum Spinner {
    /// An arrow turning clockwise, one column wide. Every frame is in DejaVu Sans Mono, Liberation
    /// Mono and Noto Sans Mono (the braille dots used before are in none of them: empty boxes).
    public static let arrowFrames = ["↑", "→", "↓", "←"]
    /// Plain ASCII, for terminals without Unicode fonts.
    public static let asciiFrames = ["|", "/", "-", "\\"]

    /// The frame for `tick` (any integer, negative ones too), an arrow unless `ascii` is true.
    public static func frame(tick: Int, ascii: Bool = false) -> String {
        let frames = ascii ? asciiFrames : arrowFrames
        let index = ((tick % frames.count) + frames.count) % frames.count
        return frames[index]
    }
}
