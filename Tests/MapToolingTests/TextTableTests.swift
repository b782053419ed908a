import MapTooling
import Testing

@Suite("TextTable")
struct TextTableTests {
    /// The character range of each column, read from the rule of dashes under the header.
    private static func columns(of rule: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int? = nil
        for (offset, character) in rule.enumerated() {
            if character == "-", start == nil { start = offset }
            if character == " ", let begin = start {
                ranges.append(begin..<offset)
                start = nil
            }
        }
        if let start { ranges.append(start..<rule.count) }
        return ranges
    }

    @Test("geobench run's table: an operation named with a leading digit ('120 Hz trace frame') starts where the other names start, numbers are right-aligned, '-' stands in a numeric column")
    func alignment() {
        let text = TextTable.render(
            header: ["suite", "operation", "size", "ns/op", "ratio", "allocs/op"],
            rows: [
                ["motion", "fly state(atSeconds:)", "0", "158.1", "1.764x", "0.000"],
                ["motion", "120 Hz trace frame (pinch-rotate, release, inertia) + re-place", "10000", "4861.3", "0.001x", "0.000"],
                ["gestures", "camera save + restore", "0", "17019.3", "88.988x", "-"],
                ["clusters", "cluster viewport query from a MapKit state (390 x 844, zooms 11-16)", "100000", "6620.1", "0.975x", "0.000"],
            ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let columns = Self.columns(of: lines[1])
        #expect(columns.count == 6)
        guard lines.count == 6, columns.count == 6 else { return }
        func cell(_ line: String, _ column: Int) -> Substring {
            let characters = Array(line)
            let range = columns[column]
            return Substring(String(characters[range.lowerBound..<min(range.upperBound, characters.count)]))
        }
        // Text columns: every cell begins at the column's start.
        for line in lines[2...] {
            #expect(cell(line, 1).first != " ", "operation not left-aligned: \(line)")
            #expect(cell(line, 0).first != " ", "suite not left-aligned: \(line)")
        }
        #expect(cell(lines[3], 1).hasPrefix("120 Hz trace frame"))
        // Numeric columns: every cell ends at the column's end, "-" included.
        for line in lines[2...] {
            for column in 2...5 {
                #expect(cell(line, column).last != " ", "column \(column) not right-aligned: \(line)")
            }
        }
        #expect(cell(lines[4], 5).hasSuffix("-"))
    }

    @Test("A column of text whose cells all happen to be numbers is right-aligned; one with any text is left-aligned, names starting with '-' or a digit included")
    func numericColumns() {
        let text = TextTable.render(header: ["a", "b"], rows: [["-1.5", "-x"], ["12.0%", "3 things"], ["-", "7"]])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == ["    a  b       ", "-----  --------", " -1.5  -x      ", "12.0%  3 things", "    -  7       "])
    }

    @Test("a column of '-' alone is left-aligned, as the region suite's allocs/op: a numeric column needs one number")
    func dashesAlone() {
        let text = TextTable.render(header: ["ns/op", "allocs/op"], rows: [["7320.7", "-"], ["7195.9", "-"]])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == [" ns/op  allocs/op", "------  ---------", "7320.7  -        ", "7195.9  -        "])
    }
}
