/// The fixed part of the xterm 256-color palette: the 6x6x6 cube (16–231) and the grey ramp (232–255).
///
/// Indices 0–15 are left out on purpose: terminals theme them freely, so they are no reliable match.
enum XTermPalette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest to a color (squared RGB distance).
    static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let components = [Int(red), Int(green), Int(blue)]
        let cube = components.map(nearestCubeLevel)
        let cubeDistance = zip(components, cube).reduce(0) { $0 + square($1.0 - cubeLevels[$1.1]) }
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]

        // Grey ramp: 24 steps, value 8 + 10·i.
        let average = (components[0] + components[1] + components[2]) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = components.reduce(0) { $0 + square($1 - grey) }

        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
            best = index
        }
        return best
    }

    private static func square(_ value: Int) -> Int { value * value }
}
