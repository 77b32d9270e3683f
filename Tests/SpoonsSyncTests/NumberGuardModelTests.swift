import SpoonsCore
import SpoonsSync
import SpoonsTestSupport
import Testing

/// The promise "a number never points at another task", checked as a model: random histories
/// on three devices that sync now and then, and after every command that names a number, the
/// task (or routine) it acted on is the one that number showed on that device the last time
/// it was shown, or the command was refused.
///
/// What counts as shown: `add` and `routine add` show the new number; a view (`list`, `todo`,
/// `routine list`) shows every live one; a new day (started here, or by a sync that brought
/// another device's) is read anew (the guards last until then, as the README says). A sync
/// that leaves the day as it was shows nothing.
@Suite struct NumberGuardModelTests {
  struct Run {
    var devices = ["laptop", "desktop", "phone"].map { SyncDevice($0, keepsGuards: true) }
    /// Per device: each task number and routine number as last shown, by title (unique).
    var shownTasks: [[Int: String]] = [[:], [:], [:]]
    var shownRoutines: [[Int: String]] = [[:], [:], [:]]
    var random: SeededGenerator
    var now = morning
    var day = 0
    var titles = 0
    var checked = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func title(_ device: Int) -> String {
      titles += 1
      return "\(devices[device].clock.device)-\(titles)"
    }

    mutating func view(_ d: Int) {
      shownTasks[d] = [:]
      for task in devices[d].state.planner.allTasks { shownTasks[d][task.id.rawValue] = task.title.text }
      shownRoutines[d] = [:]
      for routine in devices[d].state.planner.routines {
        shownRoutines[d][routine.id.rawValue] = routine.title.text
      }
    }

    /// The acted-on title must be the one shown; a refusal is always allowed.
    mutating func expectShown(_ d: Int, _ n: Int, _ acted: String?, routine: Bool = false) {
      guard let acted else { return }
      checked += 1
      let shown = routine ? shownRoutines[d][n] : shownTasks[d][n]
      #expect(acted == shown, "device \(d) acted on \(routine ? "r" : "#")\(n) = \(acted), shown as \(shown ?? "nothing")")
    }

    mutating func actOnTask(_ d: Int) {
      guard let n = shownTasks[d].keys.sorted().randomElement(using: &random) else { return }
      let ref = TaskRef(typed: n)
      var device = devices[d]
      var acted: String?
      do throws(PlannerError) {
        switch random.below(5) {
        case 0: acted = try device.state.planner.markDone([ref], at: now).first?.title.text
        case 1: acted = try device.state.planner.plan([ref], at: now, borrow: true).tasks.first?.title.text
        case 2: acted = try device.state.planner.edit(ref, TaskEdit(note: "n"), at: now).title.text
        case 3:
          acted = try device.state.planner.delete([ref], archived: &device.state.done).first?.title.text
        default:
          if device.state.planner.holds(ref) {
            acted = try device.state.planner.markUndone([ref], at: now).first?.title.text
          } else {
            acted = try device.state.planner.reopen(ref, from: &device.state.done, at: now).title.text
          }
        }
      } catch { return }
      devices[d] = device
      expectShown(d, n, acted)
    }

    mutating func actOnRoutine(_ d: Int) {
      guard let n = shownRoutines[d].keys.sorted().randomElement(using: &random) else { return }
      let ref = RoutineRef(typed: n)
      var acted: String?
      do throws(PlannerError) {
        switch random.below(4) {
        case 0: acted = try devices[d].state.planner.removeRoutine(ref).title.text
        case 1:
          let paused = try devices[d].state.planner.routine(ref).isPaused
          acted = try devices[d].state.planner.setRoutine(ref, paused: !paused).title.text
        case 2:
          acted = try devices[d].state.planner.editRoutine(ref, title: nil, spoons: SpoonCost(2))
            .title.text
        default: acted = try devices[d].state.planner.planRoutineToday(ref, at: now).title.text
        }
      } catch { return }
      expectShown(d, n, acted, routine: true)
    }

    mutating func step() throws {
      now = now.plus(minutes: 7)
      if random.below(60) == 0 {
        day += 1
        now = morning.plus(days: day)
      }
      let d = random.below(devices.count)
      switch random.below(100) {
      case 0..<22:
        let t = title(d)
        let task = try devices[d].state.planner.add(t, spoons: 1 + random.below(3), at: now)
        shownTasks[d][task.id.rawValue] = t
      case 22..<28:
        let t = title(d)
        let routine = try devices[d].state.planner.addRoutine(
          Title(t), spoons: SpoonCost(1), at: now)
        shownRoutines[d][routine.id.rawValue] = t
        if let task = try? devices[d].state.planner.planRoutineToday(RoutineRef(routine), at: now) {
          shownTasks[d][task.id.rawValue] = t
        }
      case 28..<36: view(d)
      case 36..<66: actOnTask(d)
      case 66..<72: actOnRoutine(d)
      case 72..<92:
        let others = devices.indices.filter { $0 != d }.flatMap { devices[$0].files }
        let date = devices[d].state.planner.day?.date
        try devices[d].sync(others, at: now)
        // A day another device started is a new day here too: its list is read anew.
        if devices[d].state.planner.day?.date != date { view(d) }
      default:
        if (try? devices[d].newDay(10, at: now)) != nil { view(d) }
      }
    }
  }

  @Test(arguments: Array(1...24) as [UInt64])
  func aNumberActsOnTheTaskItShowedOrIsRefused(seed: UInt64) throws {
    var run = Run(seed: seed)
    for _ in 0..<400 { try run.step() }
    #expect(run.checked > 40, "the run acted on few numbers: \(run.checked)")
  }
}

/// How long a guard lasts: the rest of the day it was made in.
@Suite struct NumberGuardLifetimeTests {
  @Test func aDayStartedElsewhereEndsTheGuardsOfTheDayBefore() throws {
    var laptop = SyncDevice("laptop", keepsGuards: true)
    var desktop = SyncDevice("desktop", keepsGuards: true)
    try laptop.newDay(10, at: morning)
    try desktop.change { try $0.add("Desktop's", spoons: 2, at: morning) }
    try laptop.change { try $0.add("Laptop's", spoons: 3, at: morning.plus(hours: 1)) }
    try desktop.sync([], at: morning.plus(hours: 2))
    try laptop.sync(desktop.files, at: morning.plus(hours: 2))
    #expect(laptop.state.planner.renumbered.map(\.old) == [.task(TaskID(1))])
    // The desktop starts the next day; the laptop only syncs.
    try desktop.sync(laptop.files, at: morning.plus(hours: 3))
    try desktop.newDay(8, at: nextMorning)
    try desktop.sync(laptop.files, at: nextMorning)
    try laptop.sync(desktop.files, at: nextMorning.plus(minutes: 5))
    #expect(laptop.state.planner.day?.date == desktop.state.planner.day?.date)
    #expect(laptop.state.planner.renumbered.isEmpty)
    #expect(try laptop.state.planner.edit(TaskRef(typed: 1), TaskEdit(note: "n"), at: nextMorning)
      .title.text == "Desktop's")
  }
}
