import Foundation

/// One moment of the seeded user's days, the same for the iOS and the Android replays.
public enum UsageMoment: Sendable, Equatable {
    /// The shared device conditions change (network, power, battery).
    case device(DeviceConditions)
    /// The user opens this app (0-based).
    case open(app: Int)
    /// The user leaves this app.
    case leave(app: Int)
}

/// The seeded user and device of a replay: the daily rhythm (wake, commute, home, bed, charging at night) and
/// the app sessions, every choice drawn from the generator in one fixed order, so both platforms see the same
/// user on the same device.
public enum UsagePlan {
    /// The moments of `days` days for `apps` apps, in the order a replay queues them (ties keep this order). The
    /// user opens each app at the profile's times of day, or at their own (`opens`).
    public static func moments(
        days: Int, usage profile: UsageProfile, opens own: DailyOpens? = nil, apps: Int,
        random: inout SeededGenerator
    ) -> [(time: Double, moment: UsageMoment)] {
        var list: [(time: Double, moment: UsageMoment)] = []
        var chargedLastNight = true
        for day in 0..<max(0, days) {
            let base = Double(day) * 86_400
            let chargesTonight = random.chance(profile.chargesAtNightProbability)
            var instants = [0, DailyRhythm.wake, DailyRhythm.leaveHome, DailyRhythm.backHome, DailyRhythm.bed]
            var hour = DailyRhythm.wake + 3600
            while hour < DailyRhythm.bed { instants.append(hour); hour += 3600 }
            for instant in instants.sorted() {
                let device = conditions(at: instant, chargedLastNight: chargedLastNight, chargesTonight: chargesTonight)
                list.append((base + instant, .device(device)))
            }
            chargedLastNight = chargesTonight
            for app in 0..<max(0, apps) {
                var times: [Double] = []
                if day == 0 { times.append(9 * 3600) }  // installed and opened on the first morning
                if let own {
                    times += own.draw(&random)
                } else {
                    for slot in profile.slots { times += slot.draw(&random) }
                }
                for time in times.sorted() {
                    list.append((base + time, .open(app: app)))
                    list.append((base + time + random.uniform(profile.sessionLength), .leave(app: app)))
                }
            }
        }
        return list
    }

    /// The device conditions at `instant` seconds after midnight.
    public static func conditions(at instant: Double, chargedLastNight: Bool, chargesTonight: Bool) -> DeviceConditions
    {
        let home = instant < DailyRhythm.leaveHome || instant >= DailyRhythm.backHome
        let night = instant < DailyRhythm.wake || instant >= DailyRhythm.bed
        let charging = night && (instant < DailyRhythm.wake ? chargedLastNight : chargesTonight)
        let hoursOnBattery = instant >= DailyRhythm.wake ? (instant - DailyRhythm.wake) / 3600 : 16 + instant / 3600
        let battery = charging ? 100 : max(5, Int(100 - DailyRhythm.drainPerHour * hoursOnBattery))
        return DeviceConditions(network: home ? .wifi : .cellular, charging: charging, batteryLevel: battery)
    }
}
