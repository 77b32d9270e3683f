@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// How the person feels, kept with the open day: asked once by the check-in, after the day
/// has started.
@Suite("The morning's mood")
struct SetMoodTests {
  @Test func aMoodIsKeptWithTheOpenDayAndCanBeForgotten() throws {
    var p = try planner(budget: 10)
    try p.setMood(2)
    #expect(p.day?.mood == 2 && p.energyToday?.mood == 2)
    try p.setMood(5)
    #expect(p.day?.mood == 5)
    try p.setMood(nil)
    #expect(p.day?.mood == nil)
  }

  @Test(arguments: [0, 6, -1, 99])
  func aMoodOutsideOneToFiveIsRefusedAndChangesNothing(_ mood: Int) throws {
    var p = try planner(budget: 10)
    try p.setMood(3)
    #expect(expectRefusal(p, .invalidMood(mood)) { try $0.setMood(mood) })
    #expect(PlannerError.invalidMood(mood).isUsageMistake)
  }

  @Test func withNoDayThereIsNothingToKeepItWith() throws {
    let p = try planner(budget: nil)
    #expect(expectRefusal(p, .noDayStarted) { try $0.setMood(3) })
  }

  /// The mood goes with the day into its record when the next day starts, and the new day
  /// starts without one.
  @Test func theMoodGoesIntoTheDaysRecord() throws {
    var p = try planner(budget: 10)
    try p.setMood(4)
    let outcome = try p.startNewDay(budget: 8, at: morning.plus(days: 1))
    #expect(outcome.finished?.record.mood == 4)
    #expect(p.day?.mood == nil)
  }
}
