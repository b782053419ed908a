import Foundation
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

    @Test("BAD_INPUTS row 102: with insets (a fullscreen map's 47-point status bar and 300-point bottom sheet) the box stands 8 points in from the unobstructed rectangle's corners and pins are counted there; insets leaving no screen or no room for the box throw (before: the bottom corners' box stood under the sheet, at y 796 of 844)")
    func insets() throws {
        let insets = try ScreenInsets(top: 47, left: 0, bottom: 300, right: 0)
        let expected: [LegendCorner: ScreenPoint] = [
            .bottomLeading: ScreenPoint(x: 8, y: 844 - 300 - 8 - 40), .bottomTrailing: ScreenPoint(x: 390 - 8 - 86, y: 844 - 300 - 8 - 40),
            .topLeading: ScreenPoint(x: 8, y: 47 + 8), .topTrailing: ScreenPoint(x: 390 - 8 - 86, y: 47 + 8),
        ]
        for corner in LegendCorner.allCases {
            let placed = try LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, insets: insets, pins: [],
                preference: [corner])
            #expect(placed.corner == corner && placed.origin == expected[corner], "\(corner): \(placed.origin)")
        }
        // A pet just above the sheet at the left moves the legend to the right.
        let pet = ScreenPoint(x: 40, y: 844 - 300 - 20)
        let moved = try LegendPlacement(
            boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, insets: insets, pins: [pet])
        #expect(moved.corner == .bottomTrailing && moved.hiddenPinCount == 0)
        // The obstacles' initializer stands the box in the same place.
        let byObstacles = try LegendPlacement(
            boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, insets: insets,
            obstacles: [LegendObstacle.disc(center: pet, radiusPoints: 6)])
        #expect(byObstacles == moved)
        // Without insets, the same call is the one of before.
        let plain = try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, insets: .zero, pins: [pet])
        #expect(plain == (try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, pins: [pet])))
        #expect(throws: GeometryError.invalidInsets(top: 500, left: 0, bottom: 400, right: 0, width: 390, height: 844)) {
            try LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844,
                insets: try ScreenInsets(top: 500, bottom: 400), pins: [])
        }
        let tall = #expect(throws: GeometryError.self) {
            try LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844,
                insets: try ScreenInsets(top: 500, bottom: 300), pins: [])
        }
        #expect(tall?.description.contains("legend height") == true && tall?.description.contains("unobstructed") == true)
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

    @Test("BAD_INPUTS row 102: a screen width or height outside [1, 1 000 000] points (0, 0.5, NaN, 2e6) is invalidSize naming the side, from both initializers, as the docs say (they had said invalidRendererParameter)")
    func screenSizeIsInvalidSize() throws {
        for bad in [0.0, 0.5, .nan, 2e6] {
            for (width, height, side) in [(bad, 180.0, "width"), (320.0, bad, "height")] {
                let fromPins = #expect(throws: GeometryError.self) {
                    try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: width, screenHeightPoints: height, pins: [])
                }
                let fromObstacles = #expect(throws: GeometryError.self) {
                    try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: width, screenHeightPoints: height, obstacles: [])
                }
                for error in [fromPins, fromObstacles] {
                    guard case .invalidSize(let name, _, let range)? = error else {
                        Issue.record("expected invalidSize for a screen \(side) of \(bad), got \(String(describing: error))")
                        continue
                    }
                    #expect(name == side && range == ScreenTransform.sizeRangePoints)
                }
            }
        }
    }

    /// The reference renderer's 86 x 40 box on a 320 x 180 screen among `obstacles`.
    static func place(obstacles: [LegendObstacle], preference: [LegendCorner] = LegendCorner.allCases) throws -> LegendPlacement {
        try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, obstacles: obstacles, preference: preference)
    }

    @Test("obstacles weigh by their pets: a 300-pet badge under the bottom-leading box and one pin under the bottom-trailing one put the legend bottom trailing; a scale bar (no pet) decides only between corners hiding as many pets")
    func obstaclesWeighByPets() throws {
        // Boxes: bottom leading x 8...94, bottom trailing x 226...312, both y 132...172; top y 8...48.
        let badge = try LegendObstacle.disc(center: ScreenPoint(x: 50, y: 150), radiusPoints: 22, pinCount: 300)
        let pin = try LegendObstacle.disc(center: ScreenPoint(x: 270, y: 150), radiusPoints: 6)
        let top = [ScreenPoint(x: 30, y: 30), ScreenPoint(x: 60, y: 20), ScreenPoint(x: 250, y: 30), ScreenPoint(x: 290, y: 20)]
        let topPins = try top.map { try LegendObstacle.disc(center: $0, radiusPoints: 6) }
        let placed = try Self.place(obstacles: [badge, pin] + topPins)
        #expect(placed.corner == .bottomTrailing && placed.hiddenPinCount == 1 && placed.hiddenObstacleCount == 1)
        // Counted as pins, the badge would be one pet: the bottom leading box, first preferred, ties.
        let asPins = try Self.place([ScreenPoint(x: 50, y: 150), ScreenPoint(x: 270, y: 150)] + top)
        #expect(asPins.corner == .bottomLeading && asPins.hiddenPinCount == 1)

        // A pin under the bottom-leading box, a scale bar under the bottom-trailing one, the top
        // leading corner free: the scale bar hides no pet, yet the free corner wins over it.
        let bar = try LegendObstacle.box(origin: ScreenPoint(x: 240, y: 150), widthPoints: 60, heightPoints: 20)
        let pinBottomLeft = try LegendObstacle.disc(center: ScreenPoint(x: 50, y: 150), radiusPoints: 6)
        let free = try Self.place(obstacles: [pinBottomLeft, bar])
        #expect(free.corner == .topLeading && free.hiddenPinCount == 0 && free.hiddenObstacleCount == 0)
        // With every other corner taken by a pet, the bar's corner (no pet hidden) is chosen.
        let busy = try [ScreenPoint(x: 30, y: 30), ScreenPoint(x: 290, y: 30)].map { try LegendObstacle.disc(center: $0, radiusPoints: 6) }
        let overBar = try Self.place(obstacles: [pinBottomLeft, bar] + busy)
        #expect(overBar.corner == .bottomTrailing && overBar.hiddenPinCount == 0 && overBar.hiddenObstacleCount == 1)
    }

    @Test("a box obstacle is hidden when it meets the legend box, edges included; a disc when it comes within its radius; pins give what discs of their radius give")
    func obstacleGeometry() throws {
        // The bottom-leading box spans x 8...94, y 132...172.
        for (origin, hidden) in [
            (ScreenPoint(x: 94, y: 100), true), (ScreenPoint(x: 94.000001, y: 100), false),
            (ScreenPoint(x: 0, y: 172), true), (ScreenPoint(x: 0, y: 172.000001), false),
            (ScreenPoint(x: -20, y: 80), false),
        ] {
            let box = try LegendObstacle.box(origin: origin, widthPoints: 10, heightPoints: 32)
            let placed = try Self.place(obstacles: [box], preference: [.bottomLeading])
            #expect(placed.hiddenObstacleCount == (hidden ? 1 : 0) && placed.hiddenPinCount == 0, "\(origin)")
        }
        #expect(try Self.place(obstacles: [LegendObstacle.box(origin: ScreenPoint(x: -20, y: 80), widthPoints: 18, heightPoints: 52)], preference: [.bottomLeading]).hiddenObstacleCount == 0)
        #expect(try Self.place(obstacles: [LegendObstacle.box(origin: ScreenPoint(x: -20, y: 80), widthPoints: 28, heightPoints: 52)], preference: [.bottomLeading]).hiddenObstacleCount == 1)
        // 200 random pins: the same corner and count as discs of the same radius.
        var random = SeededRandom(seed: 1402)
        for _ in 0..<200 {
            let pins = (0..<random.int(0...12)).map { _ in ScreenPoint(x: -10 + 340 * random.uniform(), y: -10 + 200 * random.uniform()) }
            let radius = 30 * random.uniform()
            let byPins = try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, pins: pins, pinRadiusPoints: radius)
            let byDiscs = try Self.place(obstacles: pins.map { try LegendObstacle.disc(center: $0, radiusPoints: radius) })
            #expect(byPins == byDiscs)
            #expect(byPins.hiddenPinCount == byPins.hiddenObstacleCount)
        }
    }

    @Test("BAD_INPUTS row 102: an obstacle of radius, width or height -1, NaN or +inf, or of -1 pets: typed errors naming it; obstacles that are not finite hide under nothing; counts near Int.max saturate; a bad pin radius is named after a bad box, as before")
    func obstacleBadInputs() throws {
        let p = ScreenPoint(x: 50, y: 150)
        for bad in [-1.0, .nan, .infinity] {
            let radius = #expect(throws: GeometryError.self) { try LegendObstacle.disc(center: p, radiusPoints: bad) }
            #expect(radius?.description.contains("obstacle radius") == true)
            let width = #expect(throws: GeometryError.self) { try LegendObstacle.box(origin: p, widthPoints: bad, heightPoints: 1) }
            #expect(width?.description.contains("obstacle width") == true)
            let height = #expect(throws: GeometryError.self) { try LegendObstacle.box(origin: p, widthPoints: 1, heightPoints: bad) }
            #expect(height?.description.contains("obstacle height") == true)
        }
        let count = #expect(throws: GeometryError.self) { try LegendObstacle.disc(center: p, radiusPoints: 6, pinCount: -1) }
        #expect(count?.description.contains("obstacle pin count") == true)
        #expect(throws: GeometryError.self) { try LegendObstacle.box(origin: p, widthPoints: 1, heightPoints: 1, pinCount: -1) }
        let odd = try [ScreenPoint(x: .nan, y: 150), ScreenPoint(x: 20, y: .infinity), ScreenPoint(x: -.infinity, y: -.infinity)].flatMap {
            [try LegendObstacle.disc(center: $0, radiusPoints: 6, pinCount: 5), try LegendObstacle.box(origin: $0, widthPoints: 400, heightPoints: 400, pinCount: 5)]
        }
        let placed = try Self.place(obstacles: odd, preference: [.bottomLeading])
        #expect(placed.hiddenPinCount == 0 && placed.hiddenObstacleCount == 0)
        let huge = try LegendObstacle.disc(center: p, radiusPoints: 6, pinCount: .max)
        let saturated = try Self.place(obstacles: [huge, huge, huge], preference: [.bottomLeading])
        #expect(saturated.hiddenPinCount == .max && saturated.hiddenObstacleCount == 3)
        let away = try Self.place(obstacles: [huge, huge])
        #expect(away.corner == .bottomTrailing && away.hiddenPinCount == 0)
        // Both the box and the pins' radius bad: the box is named, as before obstacles.
        let first = #expect(throws: GeometryError.self) {
            try LegendPlacement(boxWidthPoints: .nan, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, pins: [p], pinRadiusPoints: -1)
        }
        #expect(first?.description.contains("legend width") == true)
        #expect(throws: GeometryError.self) {
            try LegendPlacement(boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 320, screenHeightPoints: 180, obstacles: [], preference: [])
        }
    }
    @Test("BAD_INPUTS row 102: corners are compared by their exact sums of pets, however large: three badges of 2^62 pets (1.5 Int.max) under the bottom-leading box beat two of Int.max under the bottom-trailing one (before, both saturated at Int.max and the fewer obstacles took the corner hiding more pets)")
    func hugeCountsComparedExactly() throws {
        func badge(_ x: Double, _ y: Double, _ pets: Int) throws -> LegendObstacle {
            try LegendObstacle.disc(center: ScreenPoint(x: x, y: y), radiusPoints: 1, pinCount: pets)
        }
        // Boxes: bottom leading x 8...94, bottom trailing x 226...312, both y 132...172; top y 8...48.
        let quarter = Int.max / 2 + 1  // 2^62
        let bottomLeading = try [badge(20, 150, quarter), badge(40, 150, quarter), badge(60, 150, quarter)]
        let bottomTrailing = try [badge(240, 150, .max), badge(260, 150, .max)]
        let top = try [20.0, 40, 60, 80, 240, 260, 280, 300].map { try badge($0, 20, .max) }
        let placed = try Self.place(obstacles: bottomLeading + bottomTrailing + top)
        #expect(placed.corner == .bottomLeading && placed.hiddenPinCount == .max && placed.hiddenObstacleCount == 3)
        // Sums just below and at Int.max are exact; one more pet saturates the figure.
        let exact = try Self.place(obstacles: [badge(20, 150, .max - 1), badge(40, 150, 1)], preference: [.bottomLeading])
        #expect(exact.hiddenPinCount == .max && exact.hiddenObstacleCount == 2)
        let over = try Self.place(obstacles: [badge(20, 150, .max), badge(40, 150, 1)], preference: [.bottomLeading])
        #expect(over.hiddenPinCount == .max)
        let below = try Self.place(obstacles: [badge(20, 150, .max - 2), badge(40, 150, 1)], preference: [.bottomLeading])
        #expect(below.hiddenPinCount == .max - 1)
        // Of two saturated corners, the one with the smaller true sum: Int.max + 1 over Int.max + 2.
        let close = try Self.place(obstacles: [badge(20, 150, .max), badge(40, 150, 2), badge(240, 150, .max), badge(260, 150, 1)] + top)
        #expect(close.corner == .bottomTrailing)
    }
    @Test("BAD_INPUTS row 102: a box of exactly the unobstructed width or height less two margins fits, as the error's limit says (before, 283.5 - 38 - 35.124 - 2 * 19.9 = 170.57600000000002 points was refused as more than 170.57600000000002 by a last bit); a last bit more is refused; 2 000 random screens, insets and margins")
    func exactLimitFits() throws {
        let wide = try ScreenInsets(left: 38, right: 35.124)
        #expect(throws: Never.self) {
            try LegendPlacement(
                boxWidthPoints: 283.5 - 38 - 35.124 - 2 * 19.9, boxHeightPoints: 10, screenWidthPoints: 283.5, screenHeightPoints: 180,
                insets: wide, marginPoints: 19.9, pins: [])
        }
        let tall = try ScreenInsets(top: 41.853, bottom: 179.7)
        #expect(throws: Never.self) {
            try LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: 592.9 - 41.853 - 179.7 - 2 * 11.61, screenWidthPoints: 390, screenHeightPoints: 592.9,
                insets: tall, marginPoints: 11.61, pins: [])
        }
        var random = SeededRandom(seed: 102)
        for _ in 0..<2_000 {
            let screenWidth = ((200 + 1_800 * random.uniform()) * 10).rounded() / 10, screenHeight = ((200 + 1_800 * random.uniform()) * 10).rounded() / 10
            func inset() -> Double { (random.uniform() * 40 * 1_000).rounded() / 1_000 }
            let insets = try ScreenInsets(top: inset(), left: inset(), bottom: inset(), right: inset())
            let margin = (random.uniform() * 20 * 100).rounded() / 100
            let width = screenWidth - insets.left - insets.right - 2 * margin
            let height = screenHeight - insets.top - insets.bottom - 2 * margin
            let args = "\(screenWidth) x \(screenHeight), \(insets), margin \(margin)"
            #expect(throws: Never.self, "\(args)") {
                try LegendPlacement(
                    boxWidthPoints: width, boxHeightPoints: height, screenWidthPoints: screenWidth, screenHeightPoints: screenHeight,
                    insets: insets, marginPoints: margin, pins: [])
            }
            #expect(throws: GeometryError.self, "\(args)") {
                try LegendPlacement(
                    boxWidthPoints: width.nextUp, boxHeightPoints: height, screenWidthPoints: screenWidth, screenHeightPoints: screenHeight,
                    insets: insets, marginPoints: margin, pins: [])
            }
            #expect(throws: GeometryError.self, "\(args)") {
                try LegendPlacement(
                    boxWidthPoints: width, boxHeightPoints: height.nextUp, screenWidthPoints: screenWidth, screenHeightPoints: screenHeight,
                    insets: insets, marginPoints: margin, pins: [])
            }
        }
    }
    @Test("BAD_INPUTS row 102: margins that leave no room for any box are named \"legend margin\" with half the screen's or unobstructed size, never a negative or infinite limit (before: \"legend width 10.0 ... at most -80.0 points\" for margins of 200 on a 320-point screen, \"-inf points\" for 1e308)")
    func marginLeavingNoRoom() throws {
        func place(margin: Double, insets: ScreenInsets = .zero) throws(GeometryError) -> LegendPlacement {
            try LegendPlacement(
                boxWidthPoints: 10, boxHeightPoints: 10, screenWidthPoints: 320, screenHeightPoints: 180, insets: insets, marginPoints: margin, pins: [])
        }
        for (margin, insets, expected) in [
            (200.0, ScreenInsets.zero, "expected less than half the screen's width, 160.0 points"),
            (160, .zero, "expected less than half the screen's width, 160.0 points"),
            (90, .zero, "expected less than half the screen's height, 90.0 points"),
            (1e308, .zero, "expected less than half the screen's width, 160.0 points"),
            (60, try ScreenInsets(top: 47, bottom: 34), "expected less than half the unobstructed height, 49.5 points"),
        ] {
            let error = #expect(throws: GeometryError.self, "\(margin)") { try place(margin: margin, insets: insets) }
            #expect(error?.description.hasPrefix("legend margin") == true, "\(margin): \(error?.description ?? "")")
            #expect(error?.description.hasSuffix(expected) == true, "\(margin): \(error?.description ?? "")")
            #expect(error?.description.contains("inf") == false && error?.description.contains("-") == false, "\(margin)")
        }
        // Margins that leave room for a box, though not this one: the box is named, with a limit >= 0.
        let box = #expect(throws: GeometryError.self) {
            try LegendPlacement(boxWidthPoints: 10, boxHeightPoints: 10, screenWidthPoints: 320, screenHeightPoints: 180, marginPoints: 86, pins: [])
        }
        #expect(box?.description == "legend height 10.0 is out of range: expected at most the screen's height less two margins, 8.0 points")
        let placed = try LegendPlacement(
            boxWidthPoints: 10, boxHeightPoints: 10, screenWidthPoints: 320, screenHeightPoints: 180, marginPoints: 84.99, pins: [],
            preference: [.topLeading])
        #expect(placed.origin == ScreenPoint(x: 84.99, y: 84.99))
    }
    @Test("a LegendObstacle is Codable, as its neighbours LegendCorner, ScreenPoint and ScreenInsets are: discs and boxes round-trip to equal values and place a legend alike")
    func obstacleRoundTrip() throws {
        let obstacles = [
            try LegendObstacle.disc(center: ScreenPoint(x: 50, y: 150), radiusPoints: 22, pinCount: 300),
            try LegendObstacle.disc(center: ScreenPoint(x: 270.25, y: -3), radiusPoints: 0),
            try LegendObstacle.box(origin: ScreenPoint(x: 240, y: 150), widthPoints: 60, heightPoints: 20),
            try LegendObstacle.box(origin: ScreenPoint(x: 1, y: 2), widthPoints: 0, heightPoints: 7, pinCount: .max),
        ]
        let data = try JSONEncoder().encode(obstacles)
        let decoded = try JSONDecoder().decode([LegendObstacle].self, from: data)
        #expect(decoded == obstacles)
        #expect(try Self.place(obstacles: decoded) == Self.place(obstacles: obstacles))
        let text = try #require(String(data: try JSONEncoder().encode(obstacles[2]), encoding: .utf8))
        for key in ["\"origin\"", "\"widthPoints\"", "\"heightPoints\"", "\"radiusPoints\"", "\"pinCount\""] {
            #expect(text.contains(key), "\(text)")
        }
    }

    @Test("BAD_INPUTS row 102: decoding a LegendObstacle checks it as disc(center:radiusPoints:pinCount:) and box(origin:widthPoints:heightPoints:pinCount:) do: a radius, width or height of -1, NaN or +inf, a count of -1, or both a size and a radius are a DecodingError naming the value, never an obstacle that reaches a placement")
    func obstacleDecodingBadValues() throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        func json(width: String = "0", height: String = "0", radius: String = "6", count: String = "1", x: String = "50") -> String {
            "{\"origin\":{\"x\":\(x),\"y\":150},\"widthPoints\":\(width),\"heightPoints\":\(height),\"radiusPoints\":\(radius),\"pinCount\":\(count)}"
        }
        for (text, named) in [
            (json(radius: "-1"), "obstacle radius -1.0"), (json(radius: "\"nan\""), "obstacle radius nan"),
            (json(radius: "\"inf\""), "obstacle radius inf"),
            (json(width: "-1", radius: "0"), "obstacle width -1.0"), (json(width: "\"nan\"", radius: "0"), "obstacle width nan"),
            (json(height: "\"inf\"", radius: "0"), "obstacle height inf"), (json(width: "\"nan\"", radius: "6"), "obstacle width nan"),
            (json(count: "-1"), "obstacle pin count -1.0"),
            (json(width: "10", height: "4", radius: "6"), "obstacle radius 6.0"),
        ] {
            do {
                let decoded = try decoder.decode(LegendObstacle.self, from: Data(text.utf8))
                Issue.record("\(text): accepted as \(decoded)")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.debugDescription.hasPrefix(named), "\(text): \(context.debugDescription)")
                #expect(context.underlyingError is GeometryError, "\(text)")
            } catch {
                Issue.record("\(text): \(error), expected DecodingError.dataCorrupted")
            }
        }
        // A missing key, or a count that is not an integer, is a DecodingError too.
        for text in ["{\"origin\":{\"x\":1,\"y\":2},\"widthPoints\":0,\"heightPoints\":0,\"radiusPoints\":6}", json(count: "1.5"), json(count: "1e30")] {
            #expect(throws: DecodingError.self, "\(text)") { try decoder.decode(LegendObstacle.self, from: Data(text.utf8)) }
        }
        // A point that is not finite is on no screen, as the factories take it: decoded, and hides nothing.
        let nowhere = try decoder.decode(LegendObstacle.self, from: Data(json(x: "\"nan\"").utf8))
        #expect(nowhere.radiusPoints == 6 && nowhere.pinCount == 1 && !nowhere.origin.isFinite)
        #expect(try Self.place(obstacles: [nowhere], preference: [.bottomLeading]).hiddenObstacleCount == 0)
        // A disc and a box decode to what the factories make.
        #expect(try decoder.decode(LegendObstacle.self, from: Data(json().utf8)) == LegendObstacle.disc(center: ScreenPoint(x: 50, y: 150), radiusPoints: 6))
        #expect(
            try decoder.decode(LegendObstacle.self, from: Data(json(width: "10", height: "4", radius: "0", count: "0").utf8))
                == LegendObstacle.box(origin: ScreenPoint(x: 50, y: 150), widthPoints: 10, heightPoints: 4))
    }

    @Test("Leading is the left and trailing the right, with no layout direction (the doc said bottomLeading is the bottom left \"in a left-to-right layout\", as if it mirrored): on a 320 x 180 screen the boxes stand at x 8 and 226")
    func leadingIsLeft() throws {
        for (corner, x, y) in [(LegendCorner.bottomLeading, 8.0, 132.0), (.bottomTrailing, 226, 132), (.topLeading, 8, 8), (.topTrailing, 226, 8)] {
            let origin = try Self.place([], preference: [corner]).origin
            #expect(isClose(origin.x, x, within: 1e-12) && isClose(origin.y, y, within: 1e-12), "\(corner): \(origin)")
        }
    }
}
