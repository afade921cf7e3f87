import Testing

@testable import OffstageHTTP

/// The token bucket of a rate-limited request, on a clock the test moves.
@Suite struct PacerTests {
    /// 8 KiB a second: an eighth of a second is 1 KiB.
    static let rate: Int64 = 8192

    @Test func itPausesOnlyOnceTheDebtPassesAnEighthOfASecondAndThenUntilItIsPaid() throws {
        var pacer = Pacer(rate: Self.rate, now: 0)
        // 1 KiB saved up to start with; 2 KiB may go before the debt passes an eighth of a second.
        pacer.spend(1024, now: 0)
        #expect(pacer.wait(now: 0) == nil)
        pacer.spend(1024, now: 0)
        #expect(pacer.wait(now: 0) == nil, "a debt of exactly an eighth of a second still lets the next piece go")
        pacer.spend(1, now: 0)
        let wait = pacer.wait(now: 0)
        let until = try #require(wait)
        #expect(abs(until - 1025.0 / 8192) < 1e-9, "paused until the whole debt is paid")
        #expect(pacer.wait(now: until) == nil)
    }

    @Test func overTimeTheBytesTakenFollowTheRate() {
        var pacer = Pacer(rate: Self.rate, now: 0)
        var now = 0.0
        var taken = 0
        var wakeUps = 0
        // Pieces of 256 bytes, as fast as allowed, for 10 s.
        while now < 10 {
            if let until = pacer.wait(now: now) {
                now = until
                wakeUps += 1
                continue
            }
            pacer.spend(256, now: now)
            taken += 256
        }
        let expected = Double(Self.rate) * 10
        #expect(Double(taken) <= expected + Double(Self.rate) / 4 + 256, "at most a quarter of a second ahead")
        #expect(Double(taken) >= expected * 0.99)
        #expect(wakeUps <= 81, "about eight pauses a second, not one a piece (\(wakeUps))")
    }

    @Test func aNewRateKeepsWhatWasSavedAndAllowsAnEighthOfItsOwnInDebt() {
        var pacer = Pacer(rate: Self.rate, now: 0)
        pacer.change(rate: Self.rate * 4, now: 10)  // 1 KiB saved (the old eighth); the new eighth is 4 KiB
        pacer.spend(1024 + 4096, now: 10)
        #expect(pacer.wait(now: 10) == nil)
        pacer.spend(1, now: 10)
        #expect(pacer.wait(now: 10) != nil)
    }
}
