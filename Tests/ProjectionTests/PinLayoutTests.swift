import Foundation
import GeoMath
import Testing
import TestSupport

@testable import Projection

import CHeapStats

@Suite("PinLayout")
struct PinLayoutTests {
    static func frame(_ transformer: WebMercatorTransformer) throws -> PreviewFrame {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        return try PreviewFrame(region: .userVicinity(around: user), widthPoints: 390, transformer: transformer)
    }

    @Test("BAD_INPUTS row 18: CLOSED, unknown status, missing or invalid coordinate are skipped with that reason")
    func row18Skipped() throws {
        let transformer = try WebMercatorTransformer()
        let announcements = [
            Announcement(id: "closed", status: "CLOSED", latitude: 48.86, longitude: 2.35),
            Announcement(id: "unknown", status: "ADOPTED", latitude: 48.86, longitude: 2.35),
            Announcement(id: "no-lat", status: "MISSING", latitude: nil, longitude: 2.35),
            Announcement(id: "no-lon", status: "FOUND", latitude: 48.86, longitude: nil),
            Announcement(id: "lat95", status: "MISSING", latitude: 95, longitude: 2.35),
            Announcement(id: "nan", status: "FOUND", latitude: 48.86, longitude: .nan),
            Announcement(id: "ok", status: "MISSING", latitude: 48.86, longitude: 2.35),
        ]
        let layout = try PinLayout(announcements: announcements, frame: Self.frame(transformer), transformer: transformer)
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

    @Test("BAD_INPUTS row 19: statuses in any letter case with surrounding spaces are accepted")
    func row19StatusCase() throws {
        for status in ["missing", "Missing", "MISSING", "  missing ", "\tMiSsInG"] {
            #expect(AnnouncementStatus(backendValue: status) == .missing)
        }
        for status in ["found", " Found", "FOUND  "] { #expect(AnnouncementStatus(backendValue: status) == .found) }
        for status in ["closed", "Closed "] { #expect(AnnouncementStatus(backendValue: status) == .closed) }
        for status in ["", " ", "MISSING!", "MISS ING", "missingx", "lost"] { #expect(AnnouncementStatus(backendValue: status) == nil) }
    }

    @Test("BAD_INPUTS row 20: no pins is an empty result, no error")
    func row20NoPins() throws {
        let transformer = try WebMercatorTransformer()
        let layout = try PinLayout(announcements: [], frame: Self.frame(transformer), transformer: transformer)
        #expect(layout.pins.isEmpty && layout.skipped.isEmpty)
    }

    @Test("pins carry category, geodesic distance from the user, the frame point and inFrame")
    func pinFields() throws {
        let transformer = try WebMercatorTransformer()
        let frame = try Self.frame(transformer)
        let near = try Coordinate(latitude: 48.86, longitude: 2.35)
        let far = try Coordinate(latitude: 48.7, longitude: 2.35)  // about 17 km south: outside
        let layout = try PinLayout(
            announcements: [
                Announcement(id: "a", status: "MISSING", latitude: near.latitude, longitude: near.longitude),
                Announcement(id: "b", status: "found", latitude: far.latitude, longitude: far.longitude),
            ], frame: frame, transformer: transformer)
        #expect(layout.pins.map(\.category) == [.missing, .found])
        let user = frame.region.center
        #expect(layout.pins[0].distanceMeters == user.distance(to: near))
        #expect(layout.pins[0].point == (try frame.point(for: near, transformer: transformer)))
        #expect(layout.pins[0].inFrame && !layout.pins[1].inFrame)
        #expect(layout.pins[1].point.y > frame.heightPoints)
    }

    @Test("BAD_INPUTS row 21: 1 000 000 pins place in one batch; retained memory is the output, nothing per pin")
    func row21MillionPins() throws {
        let transformer = try WebMercatorTransformer()
        let frame = try Self.frame(transformer)
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
        let before = heap_stats_bytes_in_use()
        let layout = try PinLayout(announcements: announcements, frame: frame, transformer: transformer)
        #expect(layout.pins.count == count)
        #expect(layout.pins.allSatisfy { $0.point.x.isFinite && $0.point.y.isFinite })
        let retained = Int(heap_stats_bytes_in_use()) - Int(before)
        // The pins array (capacity x stride) plus 1 MiB of slack; one heap block per pin would add
        // at least 32 MB on top.
        let output = layout.pins.capacity * MemoryLayout<Pin>.stride
        #expect(retained <= output + (1 << 20), "retained \(retained) bytes for an output of \(output)")
        #expect(retained >= output / 2, "the heap statistics did not see the output (\(retained) bytes)")
    }
}

@Suite("AnnouncementCSV")
struct AnnouncementCSVTests {
    @Test("BAD_INPUTS row 22: empty file, no header, wrong column count, text for a number: line-numbered errors")
    func row22Errors() throws {
        #expect(throws: AnnouncementCSVError.emptyFile) { try AnnouncementCSV.parse("") }
        #expect(throws: AnnouncementCSVError.emptyFile) { try AnnouncementCSV.parse("\n\r\n") }
        #expect(throws: AnnouncementCSVError.missingHeader(line: 1, found: "a1,MISSING,48.8,2.3")) {
            try AnnouncementCSV.parse("a1,MISSING,48.8,2.3\n")
        }
        #expect(throws: AnnouncementCSVError.wrongColumnCount(line: 3, expected: 4, found: 3)) {
            try AnnouncementCSV.parse("id,status,latitude,longitude\na,MISSING,1,2\nb,FOUND,1\n")
        }
        #expect(throws: AnnouncementCSVError.wrongColumnCount(line: 2, expected: 4, found: 5)) {
            try AnnouncementCSV.parse("id,status,latitude,longitude\na,MISSING,1,2,3\n")
        }
        #expect(throws: AnnouncementCSVError.notANumber(line: 2, column: "latitude", text: "abc")) {
            try AnnouncementCSV.parse("id,status,latitude,longitude\na,MISSING,abc,2\n")
        }
        #expect(throws: AnnouncementCSVError.unterminatedQuote(line: 2)) {
            try AnnouncementCSV.parse("id,status,latitude,longitude\n\"a,MISSING,1,2\n")
        }
        #expect(AnnouncementCSVError.notANumber(line: 7, column: "latitude", text: "x").description.hasPrefix("line 7:"))
    }

    @Test("BAD_INPUTS row 22: CRLF, a BOM, quoted fields and blank lines are read")
    func row22Accepted() throws {
        let text = "\u{FEFF}id,status,latitude,longitude\r\n\"a,1\",\" Missing \",48.8,2.3\r\n\r\n\"say \"\"hi\"\"\",FOUND,,\r\nc,CLOSED, 1.5 ,-2"
        let announcements = try AnnouncementCSV.parse(text)
        #expect(announcements == [
            Announcement(id: "a,1", status: " Missing ", latitude: 48.8, longitude: 2.3),
            Announcement(id: "say \"hi\"", status: "FOUND", latitude: nil, longitude: nil),
            Announcement(id: "c", status: "CLOSED", latitude: 1.5, longitude: -2),
        ])
        // A header in other letter case or with spaces is still the header.
        #expect(try AnnouncementCSV.parse("ID, Status ,LATITUDE,longitude\n").isEmpty)
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
}
