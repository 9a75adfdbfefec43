import Observation

/// ``Wide`` on Swift's `Observation` module: 62 observed integers.
@Observable
final class AppleWide: @unchecked Sendable {
  var p0 = 0
  var p1 = 1
  var p2 = 2
  var p3 = 3
  var p4 = 4
  var p5 = 5
  var p6 = 6
  var p7 = 7
  var p8 = 8
  var p9 = 9
  var p10 = 10
  var p11 = 11
  var p12 = 12
  var p13 = 13
  var p14 = 14
  var p15 = 15
  var p16 = 16
  var p17 = 17
  var p18 = 18
  var p19 = 19
  var p20 = 20
  var p21 = 21
  var p22 = 22
  var p23 = 23
  var p24 = 24
  var p25 = 25
  var p26 = 26
  var p27 = 27
  var p28 = 28
  var p29 = 29
  var p30 = 30
  var p31 = 31
  var p32 = 32
  var p33 = 33
  var p34 = 34
  var p35 = 35
  var p36 = 36
  var p37 = 37
  var p38 = 38
  var p39 = 39
  var p40 = 40
  var p41 = 41
  var p42 = 42
  var p43 = 43
  var p44 = 44
  var p45 = 45
  var p46 = 46
  var p47 = 47
  var p48 = 48
  var p49 = 49
  var p50 = 50
  var p51 = 51
  var p52 = 52
  var p53 = 53
  var p54 = 54
  var p55 = 55
  var p56 = 56
  var p57 = 57
  var p58 = 58
  var p59 = 59
  var p60 = 60
  var p61 = 61

  /// Reads field `field` through its accessor.
  func read(_ field: Int) -> Int {
    switch field {
    case 0: p0
    case 1: p1
    case 2: p2
    case 3: p3
    case 4: p4
    case 5: p5
    case 6: p6
    case 7: p7
    case 8: p8
    case 9: p9
    case 10: p10
    case 11: p11
    case 12: p12
    case 13: p13
    case 14: p14
    case 15: p15
    case 16: p16
    case 17: p17
    case 18: p18
    case 19: p19
    case 20: p20
    case 21: p21
    case 22: p22
    case 23: p23
    case 24: p24
    case 25: p25
    case 26: p26
    case 27: p27
    case 28: p28
    case 29: p29
    case 30: p30
    case 31: p31
    case 32: p32
    case 33: p33
    case 34: p34
    case 35: p35
    case 36: p36
    case 37: p37
    case 38: p38
    case 39: p39
    case 40: p40
    case 41: p41
    case 42: p42
    case 43: p43
    case 44: p44
    case 45: p45
    case 46: p46
    case 47: p47
    case 48: p48
    case 49: p49
    case 50: p50
    case 51: p51
    case 52: p52
    case 53: p53
    case 54: p54
    case 55: p55
    case 56: p56
    case 57: p57
    case 58: p58
    case 59: p59
    case 60: p60
    case 61: p61
    default: preconditionFailure("no field \(field)")
    }
  }
}
