import SpoonsCore
import SpoonsTestSupport
@testable import SpoonsStore

/// A planner with something in every place: categories, backlog (from an earlier day), today's
/// list open and done, unicode and awkward characters, notes with tabs and newlines.
func richPlanner() throws -> (Planner, [FinishedDay]) {
  var p = Planner()
  try p.startNewDay(budget: 10, at: morning)
  try p.add("Laundry", spoons: 3, at: morning)
  try p.add("Call \"mum\" \\ back", spoons: 2, at: morning, note: "line one\nline\ttwo")
  try p.add("Café ☕ 洗濯 👩‍👩‍👧", spoons: 10, at: morning, note: "line one\nline\ttwo",
    location: "High St = 5")
  try p.add("Pharmacy", spoons: 1, at: morning, due: CivilDate(iso: "2026-11-28"))
  try p.add("Shower", spoons: 2, at: morning)
  try p.add("Emails", spoons: 4, at: morning)
  try p.plan([TaskID(1), TaskID(5), TaskID(4)], at: morning)
  try p.markDone([TaskID(5)], at: morning)
  try p.borrow(2)
  let nap = try p.addRest(try Title("Nap"), spoons: try SpoonCost(1), at: morning)  // #7
  try p.markDone([nap.id], at: morning)
  try p.addRoutine(try Title("Take meds"), spoons: try SpoonCost(1), at: morning)
  try p.addRoutine(try Title("Walk"), spoons: try SpoonCost(2), days: .workdays, at: morning)
  try p.setRoutine(RoutineID(2), paused: true)
  try p.addRoutine(
    try Title("Quiet hour ☕"), spoons: try SpoonCost(2), days: .weekend, isRest: true, at: morning)
  try p.setReserve(1)
  // #1, #4 to the backlog; #5 and #7 archived; routines make #8 (meds) and #9 (quiet hour).
  let outcome = try p.startNewDay(budget: 12, at: nextMorning)
  try p.plan([TaskID(4), TaskID(6)], at: nextMorning)
  try p.markDone([TaskID(6)], at: nextMorning)
  try p.delete([TaskID(2)])
  try p.add("Rest \u{200F}שלום", spoons: 1, at: nextMorning, note: "")
  return (p, outcome.finished.map { [$0] } ?? [])
}
