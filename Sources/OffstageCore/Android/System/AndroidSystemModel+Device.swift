import Foundation

/// The device-side events: the bucket, Doze, the screen, motion, the shared conditions.
extension AndroidSystemModel {
    /// Puts the app in `bucket` from now on (its windows count from now).
    mutating func setBucket(_ bucket: StandbyBucket, why: String, in t: inout AndroidSystemTransition) {
        state.bucket = bucket
        state.bucketSince = t.now
        t.log(.androidDevice, "bucket \(bucket.title)", why)
    }

    /// `device doze on`: Doze from now, unless on a charger or already dozing.
    mutating func dozeOn(in t: inout AndroidSystemTransition) {
        if state.conditions.charging { return t.refuse("Doze needs the device unplugged; it is charging") }
        if dozeSince(now: t.now) != nil { return t.refuse("the device is already dozing") }
        state.dozeSince = t.now
        t.log(.androidDevice, "Doze", "entered (forced)")
    }

    /// Leaves Doze (if dozing) for this reason; the quiet time for automatic Doze starts again.
    mutating func exitDoze(why: String, in t: inout AndroidSystemTransition, refuseIfAwake: Bool = false) {
        guard dozeSince(now: t.now) != nil else {
            if refuseIfAwake { t.refuse("the device is not dozing") }
            return
        }
        state.dozeSince = nil
        state.lastActivityAt = t.now
        t.log(.androidDevice, "Doze", "exited: \(why)")
    }

    /// The screen turned on (leaving Doze) or off (the quiet time starts).
    mutating func screenChanged(on: Bool, in t: inout AndroidSystemTransition) {
        guard state.screenOn != on else { return t.refuse("the screen is already \(on ? "on" : "off")") }
        state.screenOn = on
        state.screenOffSince = on ? nil : t.now
        t.log(.androidDevice, "screen", on ? "on" : "off")
        if on { exitDoze(why: "the screen turned on", in: &t) }
    }

    /// New shared conditions: plugging in leaves Doze; unplugging starts the quiet time.
    mutating func conditionsChanged(_ conditions: DeviceConditions, in t: inout AndroidSystemTransition) {
        let old = state.conditions
        state.conditions = conditions
        if old.charging != conditions.charging {
            t.log(.androidDevice, "power", conditions.charging ? "charging" : "on battery")
            if conditions.charging { exitDoze(why: "charging", in: &t) } else { state.lastActivityAt = t.now }
        }
    }

    /// WorkManager started an expedited job: counted unless the app is in the foreground (§6.6), refused with the
    /// quota spent.
    mutating func expeditedStarted(_ name: String, in t: inout AndroidSystemTransition) {
        if case .closed(let deferral, _) = expeditedGate(now: t.now) {
            return t.refuse("expedited job \(name) cannot start: \(deferral.rawValue)")
        }
        if state.phase == .foreground {
            t.log(.androidProcess, "expedited \(name)", "not counted: the app is in the foreground")
            return
        }
        guard expeditedQuotaLeft(now: t.now) > 0 else {
            let back = expeditedQuotaRefillAt(now: t.now).map {
                ", one back in \(DurationText.short($0.timeIntervalSince(t.now)))"
            }
            return t.refuse("expedited quota spent\(back ?? "")")
        }
        state.expeditedStarts.append(t.now)
        t.log(.androidProcess, "expedited \(name)", "counted, \(expeditedQuotaLeft(now: t.now)) left")
    }
}
