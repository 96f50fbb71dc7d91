import Signals
import Testing

@Suite struct CombineIdentifierTests {
  final class Probe: CustomCombineIdentifierConvertible {}

  @Test func freshIdentifiersDiffer() {
    let identifiers = (0..<100).map { _ in CombineIdentifier() }
    #expect(Set(identifiers).count == 100)
  }

  @Test func anObjectKeepsItsIdentifierAndTwoObjectsDiffer() {
    let first = Probe()
    let second = Probe()
    #expect(first.combineIdentifier == CombineIdentifier(first))
    #expect(first.combineIdentifier != second.combineIdentifier)
    #expect(CombineIdentifier(first) != CombineIdentifier())
    #expect(CombineIdentifier(first).description.hasPrefix("0x"))
  }

  @Test func anObjectsIdentifierDescribesItselfAsTheObjectsAddress() {
    let probe = Probe()
    let address = UInt(bitPattern: ObjectIdentifier(probe))
    #expect(CombineIdentifier(probe).description == "0x" + String(address, radix: 16))
  }
}
