import MapTooling
import Testing

@Suite("DecimalText")
struct DecimalTextTests {
    @Test("BAD_INPUTS row 107: a number geobench reads from an option that is not a plain decimal number (hexadecimal, nan, inf, spaces) or is beyond a double (1e400) is refused as typed, never read as 8, NaN or infinity")
    func row107OptionNumbers() throws {
        for text in AnnouncementCSVTests.notNumbers {
            #expect(throws: DecimalTextError.notADecimalNumber(text), "\(text.debugDescription)") { try DecimalText.value(text[...]) }
        }
        for text in AnnouncementCSVTests.tooLarge {
            #expect(throws: DecimalTextError.beyondDouble(text), "\(text.prefix(20))") { try DecimalText.value(text[...]) }
        }
        // The CSV's numbers, read exactly (the nearest Double); an option's text is not trimmed
        // (a shell passes " 5" only when it is quoted so).
        for (text, value) in AnnouncementCSVTests.numbers {
            if text.contains(" ") || text.contains("\t") {
                #expect(throws: DecimalTextError.notADecimalNumber(text)) { try DecimalText.value(text[...]) }
            } else {
                #expect(try DecimalText.value(text[...]).bitPattern == value.bitPattern, "\(text.prefix(30))")
            }
        }
        // A substring is read by itself, not past its end.
        let line = "12.5,0x1p3"
        let comma = try #require(line.firstIndex(of: ","))
        #expect(try DecimalText.value(line[..<comma]) == 12.5)
        #expect(throws: DecimalTextError.notADecimalNumber("0x1p3")) { try DecimalText.value(line[line.index(after: comma)...]) }

        #expect(DecimalTextError.notADecimalNumber("0x1p3").description
            == "'0x1p3' is not a plain decimal number (digits with an optional sign, fraction and exponent, such as -12.5 or 3e-5)")
        #expect(DecimalTextError.beyondDouble("1e400").description == "'1e400' is beyond the range of a double (about +-1.8e308)")
        #expect(DecimalTextError.beyondDouble("1e400").reason == "beyond the range of a double (about +-1.8e308)")
    }
}
