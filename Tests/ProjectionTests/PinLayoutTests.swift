import Foundation
import GeoMath
import Testing
import TestSupport

@testable import Projection

import CMallocCounter

@Suite("PinLayout")
struct PinLayoutTests {
    static func frame() throws -> PreviewFrame {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        return try PreviewFrame(circle: .userVicinity(around: user), widthPoints: 390)
    }

    @Test("BAD_INPUTS row 18: An unknown status that looks like MISSING shows its invisible characters; escapes never reach a terminal; long ones are cut")
    func unknownStatusDescriptionShowsInvisibles() throws {
        let statuses = [
            "MISSING\u{200B}", "\u{00A0}MISSING", "FOUND\u{3000}", "MIS\u{00AD}SING", "\u{202E}GNISSIM",
            "\u{1B}[2J\u{1B}]0;x\u{07}", "MISSING\r\n", "\u{FEFF}FOUND", "LOST\u{2028}", "a\\u{200B}",
        ]
        let announcements = statuses.enumerated().map { Announcement(id: "\($0.offset)", status: $0.element, latitude: 48.86, longitude: 2.35) }
        let layout = PinLayout(announcements: announcements, frame: try Self.frame())
        #expect(layout.pins.isEmpty)
        let shown = layout.skipped.map(\.reason.description)
        #expect(shown == [
            "unknown status 'MISSING\\u{200B}'", "unknown status '\\u{A0}MISSING'", "unknown status 'FOUND\\u{3000}'",
            "unknown status 'MIS\\u{AD}SING'", "unknown status '\\u{202E}GNISSIM'",
            "unknown status '\\u{1B}[2J\\u{1B}]0;x\\u{7}'", "unknown status 'MISSING\\u{D}\\u{A}'",
            "unknown status '\\u{FEFF}FOUND'", "unknown status 'LOST\\u{2028}'", "unknown status 'a\\\\u{200B}'",
        ])
        // The reason itself keeps the value as sent.
        #expect(layout.skipped[0].reason == .unknownStatus("MISSING\u{200B}"))
        // A 10 MB status: a message of at most a few hundred bytes, with the status's size.
        let long = String(repeating: "\u{1B}", count: 10_000_000)
        let description = SkipReason.unknownStatus(long).description
        #expect(description.utf8.count < 200)
        #expect(description.hasSuffix("…' (10000000 bytes)"))
        #expect(!description.unicodeScalars.contains("\u{1B}"))
        #expect(SkipReason.unknownStatus("LOST").description == "unknown status 'LOST'")
        #expect(SkipReason.unknownStatus(String(repeating: "x", count: 64)).description == "unknown status '\(String(repeating: "x", count: 64))'")
        #expect(SkipReason.unknownStatus(String(repeating: "x", count: 65)).description == "unknown status '\(String(repeating: "x", count: 63))…' (65 bytes)")
    }

    @Test("BAD_INPUTS row 18: CLOSED, unknown status, missing or invalid coordinate are skipped with that reason")
    func row18Skipped() throws {
        let announcements = [
            Announcement(id: "closed", status: "CLOSED", latitude: 48.86, longitude: 2.35),
            Announcement(id: "unknown", status: "ADOPTED", latitude: 48.86, longitude: 2.35),
            Announcement(id: "no-lat", status: "MISSING", latitude: nil, longitude: 2.35),
            Announcement(id: "no-lon", status: "FOUND", latitude: 48.86, longitude: nil),
            Announcement(id: "lat95", status: "MISSING", latitude: 95, longitude: 2.35),
            Announcement(id: "nan", status: "FOUND", latitude: 48.86, longitude: .nan),
            Announcement(id: "ok", status: "MISSING", latitude: 48.86, longitude: 2.35),
        ]
        let layout = PinLayout(announcements: announcements, frame: try Self.frame())
        #expect(layout.pins.map(\.id) == ["ok"])
        #expect(layout.skipped.map(\.id) == ["closed", "unknown", "no-lat", "no-lon", "lat95", "nan"])
        #expect(layout.skipped[0].reason == .closed)
        #expect(layout.skipped[1].reason == .unknownStatus("ADOPTED"))
        #expect(layout.skipped[2].reason == .missingCoordinate && layout.skipped[3].reason == .missingCoordinate)
        #expect(layout.skipped[4].reason == .invalidCoordinate(.invalidLatitude(95)))
        guard case .invalidCoordinate(.invalidLongitude(let value)) = layout.skipped[5].reason else {
            Issue.record("expected an invalid longitude, got \(layout.skipped[5].reason)")
            return
        }
        #expect(value.isNaN)
        #expect(layout.skipped[1].reason.description.contains("ADOPTED"))
    }

    @Test("BAD_INPUTS row 38: longitudes within one turn past the antimeridian are wrapped (181 is -179, -540 is -180); beyond one turn they are skipped")
    func wrappedLongitudes() throws {
        let announcements = [
            Announcement(id: "181", status: "MISSING", latitude: 48.86, longitude: 181),
            Announcement(id: "-181", status: "FOUND", latitude: 48.86, longitude: -181),
            Announcement(id: "540", status: "MISSING", latitude: 48.86, longitude: 540),
            Announcement(id: "-540", status: "MISSING", latitude: 48.86, longitude: -540),
            Announcement(id: "541", status: "MISSING", latitude: 48.86, longitude: 541),
            Announcement(id: "-541", status: "FOUND", latitude: 48.86, longitude: -541),
            Announcement(id: "inf", status: "FOUND", latitude: 48.86, longitude: .infinity),
            Announcement(id: "lat91", status: "FOUND", latitude: 91, longitude: 181),
        ]
        #expect(PinEligibility.wrappedLongitudeRange == -540...540)
        let layout = PinLayout(announcements: announcements, frame: try Self.frame())
        #expect(layout.pins.map(\.id) == ["181", "-181", "540", "-540"])
        #expect(layout.pins.map(\.coordinate.longitude) == [-179, 179, -180, -180])
        #expect(layout.pins[0].coordinate == (try Coordinate(latitude: 48.86, longitude: -179)))
        #expect(PinEligibility(announcements[0]) == .pin(.missing, try Coordinate(latitude: 48.86, longitude: -179)))
        #expect(layout.skipped.map(\.id) == ["541", "-541", "inf", "lat91"])
        #expect(layout.skipped[0].reason == .longitudeBeyondOneTurn(541))
        #expect(layout.skipped[1].reason == .longitudeBeyondOneTurn(-541))
        #expect(layout.skipped[2].reason == .invalidCoordinate(.invalidLongitude(.infinity)))
        #expect(layout.skipped[3].reason == .invalidCoordinate(.invalidLatitude(91)))
        #expect(layout.skipped[0].reason.description
            == "invalid coordinate: longitude 541.0 is more than one turn past the antimeridian: expected degrees in [-540.0, 540.0], which are wrapped into [-180, 180)")
        #expect(layout.skipped[2].reason.description.contains("is infinite"))
        // Both out of range: the longitude is read first.
        #expect(PinEligibility(Announcement(id: "both", status: "MISSING", latitude: 95, longitude: 600)) == .skip(.longitudeBeyondOneTurn(600)))
    }

    @Test("Pin has a public memberwise init and is Identifiable; PinLayout is Hashable; styles have dark colours; legend entries are Identifiable")
    func publicValues() throws {
        let frame = try Self.frame()
        let coordinate = try Coordinate(latitude: 48.86, longitude: 2.35)
        let layout = PinLayout(
            announcements: [Announcement(id: "a", status: "MISSING", latitude: coordinate.latitude, longitude: coordinate.longitude)],
            frame: frame)
        let pin = try #require(layout.pins.first)
        let made = Pin(
            id: "a", category: .missing, coordinate: coordinate, distanceMeters: frame.circle.center.distance(to: coordinate),
            mercator: MercatorPoint(coordinate), point: frame.point(for: coordinate), inFrame: true)
        #expect(made == pin && made.id == "a")
        #expect(layout == PinLayout(announcements: [Announcement(id: "a", status: "missing ", latitude: 48.86, longitude: 2.35)], frame: frame))
        #expect(Set([layout, layout]).count == 1)
        let style = PinStyle(symbol: "pin.custom", colorHex: "#000000", darkColorHex: "#FFFFFF", label: "Custom")
        #expect(style.colorHex(dark: false) == "#000000" && style.colorHex(dark: true) == "#FFFFFF" && style.darkColorHex == "#FFFFFF")
        let plain = PinStyle(symbol: "pin.plain", colorHex: "#123456", label: "Plain")
        #expect(plain.darkColorHex == "#123456" && plain.colorHex(dark: true) == "#123456")
        let entry = LegendEntry(category: .found, style: style)
        #expect(entry.id == .found && entry.style == style)
        #expect(Legend.entries.map(\.id) == [.missing, .found])
    }

    @Test("BAD_INPUTS row 19: statuses in any letter case with surrounding spaces and tabs are accepted")
    func row19StatusCase() throws {
        for status in ["missing", "Missing", "MISSING", "  missing ", "\tMiSsInG"] {
            #expect(AnnouncementStatus(backendValue: status) == .missing)
        }
        for status in ["found", " Found", "FOUND  "] { #expect(AnnouncementStatus(backendValue: status) == .found) }
        for status in ["closed", "Closed "] { #expect(AnnouncementStatus(backendValue: status) == .closed) }
        // Tabs around it, trailing ones too (a TSV export's or a padded column's), are ignored.
        for (status, expected) in [("MISSING\t", AnnouncementStatus.missing), ("found \t", .found), ("\t closed\t\t", .closed)] {
            #expect(AnnouncementStatus(backendValue: status) == expected, "\(status.debugDescription)")
        }
        for status in ["", " ", "MISSING!", "MISS ING", "missingx", "lost"] { #expect(AnnouncementStatus(backendValue: status) == nil) }
    }

    @Test("BAD_INPUTS row 20: no pins is an empty result, no error")
    func row20NoPins() throws {
        let layout = PinLayout(announcements: [], frame: try Self.frame())
        #expect(layout.pins.isEmpty && layout.skipped.isEmpty)
    }

    @Test("pins carry category, geodesic distance from the user, the frame point and inFrame")
    func pinFields() throws {
        let frame = try Self.frame()
        let near = try Coordinate(latitude: 48.86, longitude: 2.35)
        let far = try Coordinate(latitude: 48.7, longitude: 2.35)  // about 17 km south: outside
        let layout = PinLayout(
            announcements: [
                Announcement(id: "a", status: "MISSING", latitude: near.latitude, longitude: near.longitude),
                Announcement(id: "b", status: "found", latitude: far.latitude, longitude: far.longitude),
            ], frame: frame)
        #expect(layout.pins.map(\.category) == [.missing, .found])
        // GeographicLib's Geodesic.WGS84.Inverse from the user (48.8566, 2.3522), in metres
        // (geographiclib 2.x, Python): an independent reference, not the library's own call.
        #expect(isClose(layout.pins[0].distanceMeters, 411.1245960603694, within: 1e-6))
        #expect(isClose(layout.pins[1].distanceMeters, 17415.522576780746, within: 1e-6))
        #expect(layout.pins[0].point == frame.point(for: near))
        #expect(layout.pins[0].inFrame && !layout.pins[1].inFrame)
        #expect(layout.pins[1].point.y > frame.heightPoints)
    }

    @Test(
        "BAD_INPUTS row 21: 1 000 000 pins place in one batch; retained memory is the output, nothing per pin",
        .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer")
    )
    func row21MillionPins() throws {
        let frame = try Self.frame()
        let count = 1_000_000
        // Ids of at most 15 UTF-8 bytes are stored inline by Swift: building them allocates nothing
        // per announcement, so any per-pin heap block below would come from the layout itself.
        var announcements: [Announcement] = []
        announcements.reserveCapacity(count)
        for index in 0..<count {
            let latitude = 48.8 + Double(index % 1000) * 1e-4
            let longitude = 2.3 + Double(index / 1000) * 1e-4
            let status = index % 2 == 0 ? "MISSING" : "FOUND"
            announcements.append(Announcement(id: "p\(index)", status: status, latitude: latitude, longitude: longitude))
        }
        // Bytes this thread allocated and did not free: tests running beside this one (some load
        // a 50 MB line) do not disturb it, as process-wide heap statistics once did.
        let before = malloc_counter_thread_live_bytes()
        malloc_counter_thread_reset_peak()
        let layout = PinLayout(announcements: announcements, frame: frame)
        #expect(layout.pins.count == count)
        #expect(layout.pins.allSatisfy { $0.point.x.isFinite && $0.point.y.isFinite })
        let retained = Int(malloc_counter_thread_live_bytes() - before)
        // The pins array (capacity x stride) plus 1 MiB of slack; one heap block per pin would add
        // at least 32 MB on top.
        let output = layout.pins.capacity * MemoryLayout<Pin>.stride
        #expect(retained <= output + (1 << 20), "retained \(retained) bytes for an output of \(output)")
        // That the counter saw the output: by the peak, which held it (and the four scratch
        // buffers, 33 bytes an announcement: DESIGN had said two buffers of doubles, 16).
        // The net retained figure can fall a few bytes short of it when the layout frees a block
        // this thread allocated before (16 bytes, once in five runs).
        let peak = Int(malloc_counter_thread_peak_live_bytes() - before)
        #expect(peak >= output, "the counter did not see the output (peak \(peak) bytes)")
        let scratch = MemoryLayout<PinCategory?>.stride + MemoryLayout<Coordinate>.stride + 2 * MemoryLayout<Double>.stride
        #expect(scratch == 33)
        #expect(peak <= output + scratch * count + (1 << 20), "peak \(peak) bytes for an output of \(output)")
    }
}

@Suite("AnnouncementsQuery")
struct AnnouncementsQueryTests {
    @Test("the preview's query is lat, lng and range=10 (kilometres)")
    func queryItems() throws {
        let query = AnnouncementsQuery(userLocation: try Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(query.queryItems.map(\.name) == ["lat", "lng", "range"])
        #expect(query.queryItems.map(\.value) == ["52.52", "13.405", "10"])
        var components = URLComponents(string: "https://example.invalid/announcements")!
        components.queryItems = query.urlQueryItems
        #expect(components.percentEncodedQuery == "lat=52.52&lng=13.405&range=10")
    }

    @Test("BAD_INPUTS row 100: lat and lng are plain decimals at every magnitude, never with an exponent (Swift writes 1e-05 below 1e-4: a user within 11 m of the equator or of the Greenwich meridian), and read back as the same doubles")
    func plainDecimalsNearZero() throws {
        let cases: [(Double, Double, String, String)] = [
            (0.00001, -0.00005, "0.00001", "-0.00005"),
            (1.2345e-7, 0.0001, "0.00000012345", "0.0001"),
            (-89.99999, 179.9999999999, "-89.99999", "179.9999999999"),
            (0, -1e-300, "0.0", "-0." + String(repeating: "0", count: 299) + "1"),
        ]
        for (latitude, longitude, lat, lng) in cases {
            let query = AnnouncementsQuery(userLocation: try Coordinate(latitude: latitude, longitude: longitude))
            #expect(query.queryItems.map(\.value) == [lat, lng, "10"])
        }
        var random = SeededRandom(seed: 97)
        for _ in 0..<2_000 {
            // Magnitudes from 1e-320 (subnormal) to 90 degrees.
            let latitude = (random.uniform() < 0.5 ? -1 : 1) * 90 * pow(10, -random.uniform() * 322)
            let longitude = (random.uniform() < 0.5 ? -1 : 1) * 180 * pow(10, -random.uniform() * 8)
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let values = AnnouncementsQuery(userLocation: center).queryItems.map(\.value)
            #expect(!values[0].contains("e") && !values[1].contains("e"), "\(values)")
            #expect(Double(values[0]) == center.latitude && Double(values[1]) == center.longitude, "\(values)")
        }
    }
}

@Suite("ClusterPinList")
struct ClusterPinListTests {
    @Test("BAD_INPUTS row 18: ClusterPinList skips CLOSED, unknown statuses, missing and invalid coordinates with the preview's reasons, in input order")
    func row18Skipped() throws {
        let announcements = [
            Announcement(id: "closed", status: "CLOSED", latitude: 48.86, longitude: 2.35),
            Announcement(id: "unknown", status: "MISSING\u{200B}", latitude: 48.86, longitude: 2.35),
            Announcement(id: "no-lat", status: "MISSING", latitude: nil, longitude: 2.35),
            Announcement(id: "ok", status: " found ", latitude: 48.86, longitude: 2.35),
            Announcement(id: "lat95", status: "MISSING", latitude: 95, longitude: 2.35),
            Announcement(id: "nan", status: "FOUND", latitude: 48.86, longitude: .nan),
            Announcement(id: "541", status: "FOUND", latitude: 48.86, longitude: 541),
        ]
        let list = ClusterPinList(announcements: announcements)
        #expect(list.pins.map(\.id) == ["ok"] && list.pins[0].category == .found)
        #expect(list.skipped == PinLayout(announcements: announcements, frame: try PinLayoutTests.frame()).skipped)
        #expect(list.skipped.map(\.id) == ["closed", "unknown", "no-lat", "lat95", "nan", "541"])
        #expect(list.skipped[1].reason == .unknownStatus("MISSING\u{200B}"))
        #expect(list.skipped[5].reason == .longitudeBeyondOneTurn(541))
        #expect(ClusterPinList(announcements: []).pins.isEmpty && ClusterPinList(announcements: []).skipped.isEmpty)
    }

    @Test("points against pyproj's EPSG:4326 -> EPSG:3857 (Fixtures/mercator.csv) within 1e-6 m, latitudes beyond +-85.0511287798066 on the world's edge; the same pins as a preview's, bit for bit")
    func pointsMatchPyprojAndPreview() throws {
        let fixture = try Fixture("mercator.csv")
        #expect(fixture.rows.count >= 1_000)
        var random = SeededRandom(seed: 0x1C7)
        var announcements: [Announcement] = []
        for (k, row) in fixture.rows.enumerated() {
            // Every third announcement is one that is skipped, between pins.
            if k % 3 == 0 {
                announcements.append(Announcement(id: "skip\(k)", status: random.pick(["CLOSED", "LOST", "MISSING"]), latitude: random.chance(50) ? nil : 91, longitude: 0))
            }
            announcements.append(Announcement(
                id: "pet\(k)", status: k % 2 == 0 ? "MISSING" : "found", latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"]))
        }
        let list = ClusterPinList(announcements: announcements)
        #expect(list.pins.count == fixture.rows.count)
        let edge = WebMercator.worldWidthMeters / 2
        var largest = 0.0
        for (k, row) in fixture.rows.enumerated() {
            let pin = list.pins[k]
            #expect(pin.id == "pet\(k)" && pin.category == (k % 2 == 0 ? .missing : .found))
            // pyproj projects the clamp latitude 4 nm beyond the edge; the list puts it on it.
            // A longitude of 180 is -180 here (the eligibility's wrap), the same place: the
            // eastings are compared the short way round.
            let y = min(max(fixture[row, "y"], -edge), edge)
            largest = max(largest, abs(WebMercator.wrappedEasting(pin.point.x - fixture[row, "x"])), abs(pin.point.y - y))
            #expect(abs(pin.point.y) <= edge)
        }
        #expect(largest <= 1e-6, "worst \(largest) m")
        // The preview's pins of the same announcements, as cluster pins: the same bits.
        let layout = PinLayout(announcements: announcements, frame: try PinLayoutTests.frame())
        #expect(list.pins == layout.pins.map(ClusterPin.init))
        #expect(list.skipped == layout.skipped && list.skipped.count == (fixture.rows.count + 2) / 3)
        // And an index built from them is the index built from the preview's pins.
        #expect(try PinClusterIndex(pins: list.pins) == PinClusterIndex(pins: layout.pins.map(ClusterPin.init)))
    }
}
