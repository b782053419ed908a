/// A plain-text table for geobench's reports: each column left-aligned, or right-aligned when
/// it holds numbers.
public enum TextTable {
    /// The table with `header`, a rule of dashes, then `rows` (each as many cells as the header),
    /// columns two spaces apart.
    ///
    /// A column is numeric, and right-aligned, when every one of its cells is a number, with an
    /// optional unit suffix "x" or "%", or "-" (no value), and at least one is not "-"; any other
    /// column (one of "-" alone, as `geobench run --suite region`'s allocs/op) is left-aligned. The
    /// choice is per column, not per cell: an operation named "120 Hz trace frame" stays in line
    /// with the other names (each cell judged alone, it was pushed to the right).
    public static func render(header: [String], rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let numeric = header.indices.map { column in
            rows.allSatisfy { row in column >= row.count || isNumber(row[column]) }
                && rows.contains { row in column < row.count && row[column] != "-" }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return numeric[index] ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// Whether `cell` is "-" or a decimal number with an optional "x" or "%" after it.
    static func isNumber(_ cell: String) -> Bool {
        if cell == "-" { return true }
        var text = Substring(cell)
        if text.hasSuffix("x") || text.hasSuffix("%") { text = text.dropLast() }
        return !text.isEmpty && Double(text) != nil
    }
}
