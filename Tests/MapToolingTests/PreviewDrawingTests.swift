import Foundation
import GeoMath
import Testing
import TestSupport

import MapTooling
import Projection

/// The reference SVG: what it draws is where the geometry says.
@Suite("PreviewDrawing")
struct PreviewDrawingTests {
    /// The `points` attribute of the element with `id`, as screen points.
    static func points(ofElement id: String, in svg: String) throws -> [ScreenPoint] {
        let line = try #require(svg.split(separator: "\n").first { $0.contains("id=\"\(id)\"") })
        let attribute = try #require(line.range(of: "points=\""))
        let rest = line[attribute.upperBound...]
        let list = rest[..<(try #require(rest.firstIndex(of: "\"")))]
        return try list.split(separator: " ").map { pair in
            let numbers = pair.split(separator: ",").compactMap { Double($0) }
            try #require(numbers.count == 2)
            return ScreenPoint(x: numbers[0], y: numbers[1])
        }
    }

    /// The pins' (id, cx, cy) in the SVG.
    static func pins(in svg: String) -> [(id: String, x: Double, y: Double)] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<circle data-id=") }.compactMap { line in
            func value(_ name: String) -> String? {
                guard let start = line.range(of: "\(name)=\"") else { return nil }
                let rest = line[start.upperBound...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
            guard let id = value("data-id"), let x = value("cx").flatMap(Double.init), let y = value("cy").flatMap(Double.init)
            else { return nil }
            return (id, x, y)
        }
    }

    @Test("the rendered 10 km circle lies within 0.0006 points of the projected geodesic circle (the SVG's 3 decimals); pins sit at the frame's points")
    func circleAndPins() throws {
        for (latitude, longitude) in [(48.8566, 2.3522), (64.1466, -21.9426), (-17.7, 179.98)] {
            let user = try Coordinate(latitude: latitude, longitude: longitude)
            let region = GeodesicCircle.userVicinity(around: user)
            let frame = try PreviewFrame(circle: region, widthPoints: 390)
            let announcements = [
                Announcement(id: "a", status: "MISSING", latitude: latitude + 0.01, longitude: longitude),
                Announcement(id: "b<&>", status: "found", latitude: latitude - 0.02, longitude: longitude - 0.03),
            ]
            let layout = PinLayout(announcements: announcements, frame: frame)
            let drawing = PreviewDrawing(circle: region, pins: layout.pins, transform: frame.transform)
            let svg = drawing.svg

            // The reference: GeographicLib-checked destinations, closed-form Mercator, and
            // docs/DESIGN.md's placement formula.
            let circle = try Self.points(ofElement: "circle", in: svg)
            #expect(circle.count == PreviewDrawing.circleSamples)
            let center = closedFormMercator(latitude: latitude, longitude: longitude)
            let world = 2 * Double.pi * 6_378_137
            for (index, rendered) in circle.enumerated() {
                let azimuth = 360 * Double(index) / Double(PreviewDrawing.circleSamples)
                let destination = try user.destination(distanceMeters: 10_000, azimuthDegrees: azimuth).coordinate
                let m = closedFormMercator(latitude: destination.latitude, longitude: destination.longitude)
                let dx = (m.x - center.x).remainder(dividingBy: world)
                let expected = ScreenPoint(
                    x: 195 + dx * frame.pointsPerMercatorMeter, y: frame.heightPoints / 2 - (m.y - center.y) * frame.pointsPerMercatorMeter)
                // Points: the SVG writes 3 decimals (rounding by up to 0.0005), and PROJ's Mercator
                // and the closed form differ by under 1e-8 m (1e-10 points here). A circle drawn
                // on a sphere would be 0.33 points off in Paris, 0.42 in Reykjavik.
                #expect(isClose(rendered.x, expected.x, within: 0.0006) && isClose(rendered.y, expected.y, within: 0.0006),
                        "azimuth \(azimuth): \(rendered) vs \(expected)")
            }
            // Round in Web Mercator: the circle's extent is the same both ways within 1%
            // (the projection is conformal; 10 km is small against the Earth).
            let xs = circle.map(\.x), ys = circle.map(\.y)
            let width = xs.max()! - xs.min()!, height = ys.max()! - ys.min()!
            #expect(isClose(width / height, 1, within: 0.01))

            let rendered = Self.pins(in: svg)
            #expect(rendered.map(\.id) == ["a", "b&lt;&amp;&gt;"])
            for (pin, drawn) in zip(layout.pins, rendered) {
                #expect(isClose(drawn.x, pin.point.x, within: 0.0005) && isClose(drawn.y, pin.point.y, within: 0.0005))
            }
            // The legend draws every style a pin can have.
            for entry in Legend.entries {
                #expect(svg.contains("<circle data-symbol=\"\(entry.style.symbol)\" cx=\"20.000\""))
            }
        }
    }

    @Test("pins up to 20 points off the screen are drawn, pins farther off are left out (PreviewDrawing.pins)")
    func offScreenMargin() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let region = GeodesicCircle.userVicinity(around: user)
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        // Screen points 19.9 and 20.1 points beyond each edge (points; the round trip through a
        // coordinate moves them by under 1e-6).
        let w = frame.widthPoints, h = frame.heightPoints
        let places: [(String, ScreenPoint, Bool)] = [
            ("west in", ScreenPoint(x: -19.9, y: 100), true), ("west out", ScreenPoint(x: -20.1, y: 100), false),
            ("east in", ScreenPoint(x: w + 19.9, y: 100), true), ("east out", ScreenPoint(x: w + 20.1, y: 100), false),
            ("north in", ScreenPoint(x: 100, y: -19.9), true), ("north out", ScreenPoint(x: 100, y: -20.1), false),
            ("south in", ScreenPoint(x: 100, y: h + 19.9), true), ("south out", ScreenPoint(x: 100, y: h + 20.1), false),
        ]
        let pins = try places.map { name, point, _ in
            let coordinate = try frame.coordinate(at: point)
            return Pin(id: name, category: .missing, coordinate: coordinate, distanceMeters: 0, mercator: MercatorPoint(coordinate),
                       point: point, inFrame: false)
        }
        let drawn = PreviewDrawing(circle: region, pins: pins, transform: frame.transform).pins.map(\.id)
        #expect(drawn == places.filter(\.2).map(\.0))
    }

    @Test("the legend stands in the corner that hides no pin: bottom left where it is free, bottom right on a 320-point phone with pets near the circle's south-west edge")
    func legendAvoidsPins() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let region = GeodesicCircle.userVicinity(around: user)
        let frame = try PreviewFrame(circle: region, widthPoints: 320)
        var announcements: [Announcement] = []
        for (k, (distance, azimuth)) in [(9_500.0, 235.0), (9_900.0, 240.0)].enumerated() {
            let place = try user.destination(distanceMeters: distance, azimuthDegrees: azimuth).coordinate
            announcements.append(Announcement(id: "sw\(k)", status: "MISSING", latitude: place.latitude, longitude: place.longitude))
        }
        let layout = PinLayout(announcements: announcements, frame: frame)
        let crowded = PreviewDrawing(circle: region, pins: layout.pins, transform: frame.transform).svg
        #expect(crowded.contains("<g id=\"legend\" data-corner=\"bottomTrailing\""))
        #expect(crowded.contains("<rect x=\"226.000\" y=\"132.000\" width=\"86\""))
        let free = PreviewDrawing(circle: region, pins: [], transform: frame.transform).svg
        #expect(free.contains("<g id=\"legend\" data-corner=\"bottomLeading\""))
        #expect(free.contains("<rect x=\"8.000\" y=\"132.000\" width=\"86\""))
    }

    @Test("the legend keeps clear of what is drawn over the map too: a cluster badge of 40 pets under the bottom-left box moves it bottom right; the drawing's own pins count with the obstacles given")
    func legendAvoidsObstacles() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let region = GeodesicCircle.userVicinity(around: user)
        let frame = try PreviewFrame(circle: region, widthPoints: 320)
        let drawing = PreviewDrawing(circle: region, pins: [], transform: frame.transform)
        #expect(drawing.svg == drawing.svg(legendAvoiding: []))
        // The bottom-left box spans x 8...94, y 132...172 on the 320 x 180 frame.
        let badge = try LegendObstacle.disc(center: ScreenPoint(x: 100, y: 175), radiusPoints: 17, pinCount: 40)
        let moved = drawing.svg(legendAvoiding: [badge])
        #expect(moved.contains("<g id=\"legend\" data-corner=\"bottomTrailing\""))
        #expect(moved.contains("<rect x=\"226.000\" y=\"132.000\" width=\"86\""))
        // A badge of 2 pets under the bottom-right box as well: the top left is free.
        let other = try LegendObstacle.disc(center: ScreenPoint(x: 240, y: 150), radiusPoints: 12, pinCount: 2)
        #expect(drawing.svg(legendAvoiding: [badge, other]).contains("data-corner=\"topLeading\""))
        // Pins of 50 pets at the top: the bottom right hides 2 pets against the left's 40.
        let top = try [ScreenPoint(x: 30, y: 30), ScreenPoint(x: 290, y: 30)].map { try LegendObstacle.disc(center: $0, radiusPoints: 6, pinCount: 50) }
        #expect(drawing.svg(legendAvoiding: [badge, other] + top).contains("data-corner=\"bottomTrailing\""))
        // A badge of 4 at the bottom left instead, and three pins of the drawing's own under the
        // bottom-right box: 3 + 2 pets there outweigh the 4 at the left.
        let small = try LegendObstacle.disc(center: ScreenPoint(x: 100, y: 175), radiusPoints: 12, pinCount: 4)
        #expect(drawing.svg(legendAvoiding: [small, other] + top).contains("data-corner=\"bottomTrailing\""))
        let pins = try [ScreenPoint(x: 260, y: 150), ScreenPoint(x: 280, y: 150), ScreenPoint(x: 300, y: 150)].enumerated().map { k, point in
            let mercator = try frame.transform.mercatorPoint(at: point)
            return Pin(id: "p\(k)", category: .missing, coordinate: mercator.coordinate, distanceMeters: 0, mercator: mercator, point: point, inFrame: true)
        }
        let own = PreviewDrawing(circle: region, pins: pins, transform: frame.transform)
        #expect(own.svg(legendAvoiding: [small, other] + top).contains("data-corner=\"bottomLeading\""))
    }

    @Test("with a camera's insets the legend stands in the unobstructed rectangle (above a 120-point bottom sheet, not under it); insets that leave no room for it give the whole screen's corner")
    func legendWithinInsets() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.858, longitude: 2.345), zoom: 13.3, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, bottom: 120))
        let drawing = PreviewDrawing(circle: GeodesicCircle.userVicinity(around: camera.center), pins: [], transform: camera.transform)
        #expect(drawing.svg.contains("<rect x=\"8.000\" y=\"796.000\" width=\"86\""))
        let above = drawing.svg(legendAvoiding: [], insets: camera.effectiveInsets)
        #expect(above.contains("<g id=\"legend\" data-corner=\"bottomLeading\""))
        #expect(above.contains("<rect x=\"8.000\" y=\"676.000\" width=\"86\""))
        // A pet just above the sheet at the left: the legend goes right, still above the sheet.
        let pet = try LegendObstacle.disc(center: ScreenPoint(x: 40, y: 700), radiusPoints: 6)
        #expect(drawing.svg(legendAvoiding: [pet], insets: camera.effectiveInsets).contains("<rect x=\"296.000\" y=\"676.000\" width=\"86\""))
        // A sheet leaving 30 points: no room for the 40-point legend there, so the screen's corner.
        let cramped = drawing.svg(legendAvoiding: [], insets: try ScreenInsets(top: 47, bottom: 767))
        #expect(cramped.contains("<rect x=\"8.000\" y=\"796.000\" width=\"86\""))
    }

    @Test("where the unobstructed rectangle holds the legend but not its 8-point margins, the margins narrow: a 52-point gap between a 47-point status bar and a 745-point sheet keeps the legend in the gap, 6 points in (before: at y 796 of 844, under the sheet); a 40-point gap, margins of 0; a 39-point one, the screen's corner")
    func legendNarrowsItsMargins() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.858, longitude: 2.345), zoom: 13.3, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, bottom: 745))
        let drawing = PreviewDrawing(circle: GeodesicCircle.userVicinity(around: camera.center), pins: [], transform: camera.transform)
        let gap = drawing.svg(legendAvoiding: [], insets: camera.effectiveInsets)
        // The gap spans y 47...99: the 40-point box with 6-point margins, at y 53.
        #expect(gap.contains("<g id=\"legend\" data-corner=\"bottomLeading\""))
        #expect(gap.contains("<rect x=\"6.000\" y=\"53.000\" width=\"86\""), "\(gap.split(separator: "\n").filter { $0.hasPrefix("<rect") })")
        // Still the corner hiding the fewest pets: a pin at the gap's left sends it right.
        let pet = try LegendObstacle.disc(center: ScreenPoint(x: 40, y: 70), radiusPoints: 6)
        #expect(drawing.svg(legendAvoiding: [pet], insets: camera.effectiveInsets).contains("<rect x=\"298.000\" y=\"53.000\" width=\"86\""))
        // A sheet and side insets leaving exactly the box: margins of 0.
        let exact = drawing.svg(legendAvoiding: [], insets: try ScreenInsets(top: 47, left: 100, bottom: 757, right: 204))
        #expect(exact.contains("<rect x=\"100.000\" y=\"47.000\" width=\"86\""))
        // A point less than the box: the screen's corner, as before.
        let short = drawing.svg(legendAvoiding: [], insets: try ScreenInsets(top: 47, bottom: 758))
        #expect(short.contains("<rect x=\"8.000\" y=\"796.000\" width=\"86\""))
    }

    @Test("graticules cover any view: a world region, a camera at zoom 0 wider than the world, a pole; labels and ids are valid XML text")
    func graticuleAndEdges() throws {
        let world = GeodesicCircle.world
        let frame = try PreviewFrame(circle: world, widthPoints: 390)
        let place = try Coordinate(latitude: 10, longitude: 20)
        let pins = [Pin(
            id: "tab\there & <there>", category: .missing, coordinate: place, distanceMeters: 0,
            mercator: MercatorPoint(place), point: frame.point(for: place), inFrame: true)]
        var drawing = PreviewDrawing(circle: world, pins: pins, transform: frame.transform)
        // Every 50 or 100 degrees of longitude across the whole width: several lines, not one.
        let meridians = drawing.graticule.filter { $0.label.hasSuffix("E") || $0.label.hasSuffix("W") }
        #expect(meridians.count >= 4)
        #expect(drawing.graticule.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        #expect(drawing.svg.contains("data-id=\"tabhere &amp; &lt;there&gt;\""))
        // The bounds of a region spanning all longitudes run across the screen.
        #expect(drawing.bounds.map(\.x) == [0, 390, 390, 0])

        let wide = try MercatorCamera(center: MercatorPoint(x: 1e6, y: 0), zoom: 0, widthPoints: 1_000, heightPoints: 200)
        drawing = PreviewDrawing(circle: .userVicinity(around: try Coordinate(latitude: 0, longitude: 9)), pins: [], transform: wide.transform)
        let wideMeridians = drawing.graticule.filter { $0.label.hasSuffix("E") || $0.label.hasSuffix("W") }
        #expect(wideMeridians.count >= 4)

        let pole = try GeodesicCircle(center: Coordinate(latitude: 89.99, longitude: 45), radiusMeters: 10_000)
        let poleFrame = try PreviewFrame(circle: pole, widthPoints: 390)
        drawing = PreviewDrawing(circle: pole, pins: [], transform: poleFrame.transform)
        #expect(drawing.circle.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(drawing.bounds.map(\.x) == [0, 390, 390, 0])
    }

    @Test("a camera state draws the same way: its points are the camera's")
    func cameraState() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        var camera = try MercatorCamera(fitting: .userVicinity(around: user), widthPoints: 390, heightPoints: 844)
        camera.pinch(scale: 1.5, anchor: ScreenPoint(x: 100, y: 300))
        let frame = try PreviewFrame(circle: .userVicinity(around: user), widthPoints: 390)
        let layout = PinLayout(announcements: [Announcement(id: "p", status: "FOUND", latitude: 48.86, longitude: 2.36)], frame: frame)
        let drawing = PreviewDrawing(circle: .userVicinity(around: user), pins: layout.pins, transform: camera.transform)
        let expected = camera.point(for: try Coordinate(latitude: 48.86, longitude: 2.36))
        let drawn = try #require(Self.pins(in: drawing.svg).first)
        #expect(isClose(drawn.x, expected.x, within: 0.0005) && isClose(drawn.y, expected.y, within: 0.0005))
        #expect(drawing.widthPoints == 390 && drawing.heightPoints == 844)
    }
}
