import SpoonsCore
import SpoonsSync
import SpoonsTestSupport
import Testing

/// One day per date, across devices (the rules themselves: `OneDayPerDateTests`).
@Suite struct OneDayPerDateSyncTests {
  /// A budget changed after another device started the same date is the one kept, on both:
  /// `budget` moves the time the budget was set, as `new-day` sets it.
  @Test func aBudgetChangedLaterWinsASyncOverAnEarlierStart() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Post office", spoons: 3, at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.newDay(10, at: nextMorning)
    try desktop.newDay(12, at: nextMorning.plus(minutes: 5))
    try laptop.change { try $0.setBudget(8, at: nextMorning.plus(minutes: 30)) }
    let hour = nextMorning.plus(hours: 1)
    try laptop.sync(desktop.files, at: hour)
    let told = try desktop.sync(laptop.files, at: hour)
    #expect(told.contains(.budgetChosen(date: nextMorning.date, budget: 8, device: DeviceID("laptop")!)))
    var devices = [laptop, desktop]
    try syncAll(&devices, at: hour)
    for d in devices { #expect(d.state.planner.day?.budget == 8) }
    #expect(devices[0].state == devices[1].state)
    // And a change after the sync travels like any other.
    try devices[1].change { try $0.setBudget(9, at: nextMorning.plus(hours: 2)) }
    try syncAll(&devices, at: nextMorning.plus(hours: 3))
    for d in devices { #expect(d.state.planner.day?.budget == 9) }
  }
}
