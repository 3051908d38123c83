/// The frames of a loading indicator; the caller advances `tick` while something loads.
public enum Spinner {
    /// Braille dots, one column wide.
    public static let brailleFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Plain ASCII, for terminals without Unicode fonts.
    public static let asciiFrames = ["|", "/", "-", "\\"]

    /// The frame for `tick` (any integer, negative ones too), braille unless `ascii` is true.
    public static func frame(tick: Int, ascii: Bool = false) -> String {
        let frames = ascii ? asciiFrames : brailleFrames
        let index = ((tick % frames.count) + frames.count) % frames.count
        return frames[index]
    }
}
