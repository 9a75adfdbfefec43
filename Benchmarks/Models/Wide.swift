import ObservationCore

/// An object with 62 observed integers, `p0` to `p61`: as many distinct fields as
/// per-field invalidation tells apart (indices 0 to 62 have a bit of their own).
///
/// Generated in one pattern per property; ``AppleWide`` and ``PlainWide`` have
/// the same fields and the same `read(_:)` switch, so the rows compare alike.
final class Wide<S: ObservationStrategy>: ObservableModel {
  typealias Strategy = S
  let registrar = S.Registrar()

  /// The number of fields.
  static var fieldCount: Int { 62 }

  private var _p0 = 0
  private var _p1 = 1
  private var _p2 = 2
  private var _p3 = 3
  private var _p4 = 4
  private var _p5 = 5
  private var _p6 = 6
  private var _p7 = 7
  private var _p8 = 8
  private var _p9 = 9
  private var _p10 = 10
  private var _p11 = 11
  private var _p12 = 12
  private var _p13 = 13
  private var _p14 = 14
  private var _p15 = 15
  private var _p16 = 16
  private var _p17 = 17
  private var _p18 = 18
  private var _p19 = 19
  private var _p20 = 20
  private var _p21 = 21
  private var _p22 = 22
  private var _p23 = 23
  private var _p24 = 24
  private var _p25 = 25
  private var _p26 = 26
  private var _p27 = 27
  private var _p28 = 28
  private var _p29 = 29
  private var _p30 = 30
  private var _p31 = 31
  private var _p32 = 32
  private var _p33 = 33
  private var _p34 = 34
  private var _p35 = 35
  private var _p36 = 36
  private var _p37 = 37
  private var _p38 = 38
  private var _p39 = 39
  private var _p40 = 40
  private var _p41 = 41
  private var _p42 = 42
  private var _p43 = 43
  private var _p44 = 44
  private var _p45 = 45
  private var _p46 = 46
  private var _p47 = 47
  private var _p48 = 48
  private var _p49 = 49
  private var _p50 = 50
  private var _p51 = 51
  private var _p52 = 52
  private var _p53 = 53
  private var _p54 = 54
  private var _p55 = 55
  private var _p56 = 56
  private var _p57 = 57
  private var _p58 = 58
  private var _p59 = 59
  private var _p60 = 60
  private var _p61 = 61

  var p0: Int { get { access(0); return _p0 } set { let w = willSet(0); _p0 = newValue; didSet(w) } }
  var p1: Int { get { access(1); return _p1 } set { let w = willSet(1); _p1 = newValue; didSet(w) } }
  var p2: Int { get { access(2); return _p2 } set { let w = willSet(2); _p2 = newValue; didSet(w) } }
  var p3: Int { get { access(3); return _p3 } set { let w = willSet(3); _p3 = newValue; didSet(w) } }
  var p4: Int { get { access(4); return _p4 } set { let w = willSet(4); _p4 = newValue; didSet(w) } }
  var p5: Int { get { access(5); return _p5 } set { let w = willSet(5); _p5 = newValue; didSet(w) } }
  var p6: Int { get { access(6); return _p6 } set { let w = willSet(6); _p6 = newValue; didSet(w) } }
  var p7: Int { get { access(7); return _p7 } set { let w = willSet(7); _p7 = newValue; didSet(w) } }
  var p8: Int { get { access(8); return _p8 } set { let w = willSet(8); _p8 = newValue; didSet(w) } }
  var p9: Int { get { access(9); return _p9 } set { let w = willSet(9); _p9 = newValue; didSet(w) } }
  var p10: Int { get { access(10); return _p10 } set { let w = willSet(10); _p10 = newValue; didSet(w) } }
  var p11: Int { get { access(11); return _p11 } set { let w = willSet(11); _p11 = newValue; didSet(w) } }
  var p12: Int { get { access(12); return _p12 } set { let w = willSet(12); _p12 = newValue; didSet(w) } }
  var p13: Int { get { access(13); return _p13 } set { let w = willSet(13); _p13 = newValue; didSet(w) } }
  var p14: Int { get { access(14); return _p14 } set { let w = willSet(14); _p14 = newValue; didSet(w) } }
  var p15: Int { get { access(15); return _p15 } set { let w = willSet(15); _p15 = newValue; didSet(w) } }
  var p16: Int { get { access(16); return _p16 } set { let w = willSet(16); _p16 = newValue; didSet(w) } }
  var p17: Int { get { access(17); return _p17 } set { let w = willSet(17); _p17 = newValue; didSet(w) } }
  var p18: Int { get { access(18); return _p18 } set { let w = willSet(18); _p18 = newValue; didSet(w) } }
  var p19: Int { get { access(19); return _p19 } set { let w = willSet(19); _p19 = newValue; didSet(w) } }
  var p20: Int { get { access(20); return _p20 } set { let w = willSet(20); _p20 = newValue; didSet(w) } }
  var p21: Int { get { access(21); return _p21 } set { let w = willSet(21); _p21 = newValue; didSet(w) } }
  var p22: Int { get { access(22); return _p22 } set { let w = willSet(22); _p22 = newValue; didSet(w) } }
  var p23: Int { get { access(23); return _p23 } set { let w = willSet(23); _p23 = newValue; didSet(w) } }
  var p24: Int { get { access(24); return _p24 } set { let w = willSet(24); _p24 = newValue; didSet(w) } }
  var p25: Int { get { access(25); return _p25 } set { let w = willSet(25); _p25 = newValue; didSet(w) } }
  var p26: Int { get { access(26); return _p26 } set { let w = willSet(26); _p26 = newValue; didSet(w) } }
  var p27: Int { get { access(27); return _p27 } set { let w = willSet(27); _p27 = newValue; didSet(w) } }
  var p28: Int { get { access(28); return _p28 } set { let w = willSet(28); _p28 = newValue; didSet(w) } }
  var p29: Int { get { access(29); return _p29 } set { let w = willSet(29); _p29 = newValue; didSet(w) } }
  var p30: Int { get { access(30); return _p30 } set { let w = willSet(30); _p30 = newValue; didSet(w) } }
  var p31: Int { get { access(31); return _p31 } set { let w = willSet(31); _p31 = newValue; didSet(w) } }
  var p32: Int { get { access(32); return _p32 } set { let w = willSet(32); _p32 = newValue; didSet(w) } }
  var p33: Int { get { access(33); return _p33 } set { let w = willSet(33); _p33 = newValue; didSet(w) } }
  var p34: Int { get { access(34); return _p34 } set { let w = willSet(34); _p34 = newValue; didSet(w) } }
  var p35: Int { get { access(35); return _p35 } set { let w = willSet(35); _p35 = newValue; didSet(w) } }
  var p36: Int { get { access(36); return _p36 } set { let w = willSet(36); _p36 = newValue; didSet(w) } }
  var p37: Int { get { access(37); return _p37 } set { let w = willSet(37); _p37 = newValue; didSet(w) } }
  var p38: Int { get { access(38); return _p38 } set { let w = willSet(38); _p38 = newValue; didSet(w) } }
  var p39: Int { get { access(39); return _p39 } set { let w = willSet(39); _p39 = newValue; didSet(w) } }
  var p40: Int { get { access(40); return _p40 } set { let w = willSet(40); _p40 = newValue; didSet(w) } }
  var p41: Int { get { access(41); return _p41 } set { let w = willSet(41); _p41 = newValue; didSet(w) } }
  var p42: Int { get { access(42); return _p42 } set { let w = willSet(42); _p42 = newValue; didSet(w) } }
  var p43: Int { get { access(43); return _p43 } set { let w = willSet(43); _p43 = newValue; didSet(w) } }
  var p44: Int { get { access(44); return _p44 } set { let w = willSet(44); _p44 = newValue; didSet(w) } }
  var p45: Int { get { access(45); return _p45 } set { let w = willSet(45); _p45 = newValue; didSet(w) } }
  var p46: Int { get { access(46); return _p46 } set { let w = willSet(46); _p46 = newValue; didSet(w) } }
  var p47: Int { get { access(47); return _p47 } set { let w = willSet(47); _p47 = newValue; didSet(w) } }
  var p48: Int { get { access(48); return _p48 } set { let w = willSet(48); _p48 = newValue; didSet(w) } }
  var p49: Int { get { access(49); return _p49 } set { let w = willSet(49); _p49 = newValue; didSet(w) } }
  var p50: Int { get { access(50); return _p50 } set { let w = willSet(50); _p50 = newValue; didSet(w) } }
  var p51: Int { get { access(51); return _p51 } set { let w = willSet(51); _p51 = newValue; didSet(w) } }
  var p52: Int { get { access(52); return _p52 } set { let w = willSet(52); _p52 = newValue; didSet(w) } }
  var p53: Int { get { access(53); return _p53 } set { let w = willSet(53); _p53 = newValue; didSet(w) } }
  var p54: Int { get { access(54); return _p54 } set { let w = willSet(54); _p54 = newValue; didSet(w) } }
  var p55: Int { get { access(55); return _p55 } set { let w = willSet(55); _p55 = newValue; didSet(w) } }
  var p56: Int { get { access(56); return _p56 } set { let w = willSet(56); _p56 = newValue; didSet(w) } }
  var p57: Int { get { access(57); return _p57 } set { let w = willSet(57); _p57 = newValue; didSet(w) } }
  var p58: Int { get { access(58); return _p58 } set { let w = willSet(58); _p58 = newValue; didSet(w) } }
  var p59: Int { get { access(59); return _p59 } set { let w = willSet(59); _p59 = newValue; didSet(w) } }
  var p60: Int { get { access(60); return _p60 } set { let w = willSet(60); _p60 = newValue; didSet(w) } }
  var p61: Int { get { access(61); return _p61 } set { let w = willSet(61); _p61 = newValue; didSet(w) } }

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
