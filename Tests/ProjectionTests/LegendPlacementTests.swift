import GeoMath
import Testing
import TestSupport

@testable import Projection

@Suite("Legend placement")
struct LegendPlacementTests {
    /// The legend box of the reference renderer: 86 x 40 points.
    static func place(_ pins: [ScreenPoint], width: Double = 320, height: Double = 180, preference: [LegendCorner] = LegendCorner.allCases) throws -> LegendPlacement {
        try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: width, screenHeightPoints: height, pins: pins, preference: preference)
    }

    @Test("the box stands 8 points in from its corner's edges; with no pin under any corner the first preferred corner is taken")
    func corners() throws {
        let free = try Self.place([ScreenPoint(x: 160, y: 90)])
        #expect(free.corner == .bottomLeading && free.origin == ScreenPoint(x: 8, y: 132) && free.hiddenPinCount == 0)
        let expected: [LegendCorner: ScreenPoint] = [
            .bottomLeading: ScreenPoint(x: 8, y: 132), .bottomTrailing: ScreenPoint(x: 226, y: 132),
            .topLeading: ScreenPoint(x: 8, y: 8), .topTrailing: ScreenPoint(x: 226, y: 8),
        ]
        for corner in LegendCorner.allCases {
            let placed = try Self.place([], preference: [corner])
            #expect(placed.corner == corner && placed.origin == expected[corner], "\(corner)")
        }
    }

    @Test("a pin is hidden when its 6-point disc meets the box, edges included: 6 points from the box's edge or corner hides, 6.000001 does not")
    func hiddenAtTheEdge() throws {
        // The bottom-leading box spans x 8...94, y 132...172.
        for (pin, hidden) in [
            (ScreenPoint(x: 100, y: 150), true), (ScreenPoint(x: 100.000001, y: 150), false),
            (ScreenPoint(x: 50, y: 126), true), (ScreenPoint(x: 50, y: 125.999999), false),
            (ScreenPoint(x: 94 + 6 / 2.0.squareRoot(), y: 132 - 6 / 2.0.squareRoot() + 1e-9), true),
            (ScreenPoint(x: 94 + 4.3, y: 132 - 4.3), false),
            (ScreenPoint(x: 50, y: 150), true),
        ] {
            let placed = try Self.place([pin], preference: [.bottomLeading])
            #expect(placed.hiddenPinCount == (hidden ? 1 : 0), "\(pin)")
        }
    }

    @Test("pets 9.5 and 9.9 km from a user on a 320-point phone, under the bottom-left box of the landing page's preview, move the legend to a corner that hides none; where every corner hides some, the fewest, ties in the preferred order")
    func avoidsPins() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let frame = try PreviewFrame(circle: GeodesicCircle.userVicinity(around: user), widthPoints: 320)
        // Pets to the south-west, near the circle's edge: where the bottom-left box stands.
        var announcements: [Announcement] = []
        for (k, (distance, azimuth)) in [(9_500.0, 235.0), (9_900.0, 240.0), (9_700.0, 245.0)].enumerated() {
            let place = try user.destination(distanceMeters: distance, azimuthDegrees: azimuth).coordinate
            announcements.append(Announcement(id: "sw\(k)", status: "MISSING", latitude: place.latitude, longitude: place.longitude))
        }
        let pins = PinLayout(announcements: announcements, frame: frame).pins.map(\.point)
        let bottomLeft = try Self.place(pins, width: frame.widthPoints, height: frame.heightPoints, preference: [.bottomLeading])
        #expect(bottomLeft.hiddenPinCount > 0)
        let placed = try Self.place(pins, width: frame.widthPoints, height: frame.heightPoints)
        #expect(placed.corner == .bottomTrailing && placed.hiddenPinCount == 0)
        // Every corner covered: two pins under the bottom-leading box, one under each other.
        let crowded = [
            ScreenPoint(x: 20, y: 150), ScreenPoint(x: 60, y: 160), ScreenPoint(x: 300, y: 150),
            ScreenPoint(x: 20, y: 20), ScreenPoint(x: 300, y: 20),
        ]
        let fewest = try Self.place(crowded)
        #expect(fewest.corner == .bottomTrailing && fewest.hiddenPinCount == 1)
        let preferred = try Self.place(crowded, preference: [.topTrailing, .topLeading, .bottomLeading])
        #expect(preferred.corner == .topTrailing && preferred.hiddenPinCount == 1)
    }

    @Test("BAD_INPUTS row 102: a legend box of 0, -1, NaN or +inf points, a margin or pin radius of -1, NaN or +inf, a box wider or taller than the screen less its margins, a screen of 0 points, no corner to choose from: typed errors; pins that are not finite hide under nothing")
    func badInputs() throws {
        let pins = [ScreenPoint(x: 160, y: 90)]
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: GeometryError.self) {
                try LegendPlacement(boxWidthPoints: bad, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins)
            }
            #expect(throws: GeometryError.self) {
                try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: bad, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins)
            }
            #expect(throws: GeometryError.self) {
                try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: bad, screenHeightPoints: 180, pins: pins)
            }
        }
        for bad in [-1.0, .nan, .infinity] {
            #expect(throws: GeometryError.self) {
                try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, marginPoints: bad, pins: pins)
            }
            #expect(throws: GeometryError.self) {
                try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins, pinRadiusPoints: bad)
            }
        }
        let wide = #expect(throws: GeometryError.self) {
            try LegendPlacement(boxWidthPoints: 305, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins)
        }
        #expect(wide?.description.contains("legend width") == true)
        #expect(throws: GeometryError.self) {
            try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 165, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins)
        }
        #expect(throws: GeometryError.self) { try Self.place(pins, preference: []) }
        // A box and its margins exactly the screen's size fit.
        #expect(try LegendPlacement(boxWidthPoints: 304, boxHeightPoints: 164, screenWidthPoints: 320, screenHeightPoints: 180, pins: []).origin == ScreenPoint(x: 8, y: 8))
        let odd = [ScreenPoint(x: .nan, y: 150), ScreenPoint(x: 20, y: .infinity), ScreenPoint(x: -.infinity, y: -.infinity)]
        #expect(try Self.place(odd, preference: [.bottomLeading]).hiddenPinCount == 0)
    }
}
