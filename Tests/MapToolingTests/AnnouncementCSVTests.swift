import GeoMath
import MapTooling
import Projection
import Testing

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

