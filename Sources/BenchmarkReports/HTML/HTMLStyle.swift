/// The report's style sheet, inlined into every page.
///
/// System fonts only (nothing is fetched), widths that suit a 1400-pixel desktop
/// window and still read when printed. No `<` or `&` appears in it, so the page
/// stays well-formed XML.
enum HTMLStyle {
  static let css = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;margin:0;background:#fff}
    main{max-width:1360px;margin:0 auto;padding:18px 20px 48px}
    h1{font-size:26px;margin:4px 0 2px}
    h2{font-size:20px;margin:34px 0 8px;padding-bottom:4px;border-bottom:2px solid #e4e4e4}
    h3{font-size:16px;margin:26px 0 2px}
    p.lede,p.note{color:#555;margin:2px 0 10px}
    code{font:12.5px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f2f2f2;padding:0 3px;border-radius:3px}
    nav{margin:8px 0 0;color:#555}
    nav a{margin-right:14px;color:#1f5fa8;text-decoration:none}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums}
    table.env th{text-align:left;font-weight:600;color:#444;padding:3px 16px 3px 0;vertical-align:top;white-space:nowrap}
    table.env td{padding:3px 18px 3px 0;vertical-align:top}
    table.summary{margin:6px 0 4px;font-size:12.5px}
    table.summary th{font-weight:600;padding:4px 5px;border-bottom:1px solid #bbb;vertical-align:bottom;line-height:1.15;text-align:center}
    table.summary th.scenario{text-align:left}
    table.summary td{padding:3px 5px;border:1px solid #fff;text-align:center;min-width:58px}
    table.summary td.scenario{text-align:left;white-space:nowrap;border:0;border-bottom:1px solid #eee;padding-right:12px}
    table.summary td.size{color:#666;text-align:right;border:0;border-bottom:1px solid #eee}
    table.summary td.floor{background:#ececec;color:#555}
    table.summary td.ref{background:#fff;outline:1px solid #ccc;outline-offset:-1px}
    table.summary .r{display:block;font-weight:600;font-size:13px}
    table.summary .t{display:block;color:#444;font-size:11px}
    table.summary .ci{display:block;color:#555;font-size:10px}
    table.summary .ci.wide{color:#b34100;font-weight:600}
    table.summary .run{display:block;font-size:10px;color:#666}
    table.summary .mark{cursor:help;padding-left:1px}
    table.summary .n{display:block;color:#777;font-size:9.5px}
    .fail{color:#b00020;font-weight:700}
    .legend{display:flex;gap:4px;align-items:center;font-size:12px;color:#444;margin:4px 0 2px;flex-wrap:wrap}
    .legend span.sw{display:inline-block;width:34px;height:14px;text-align:center;font-size:10px;line-height:14px}
    .panel{display:flex;flex-wrap:wrap;gap:10px 20px;align-items:flex-start;margin:6px 0 0}
    svg.chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow:visible}
    ul.checks{padding-left:20px}
    table.compare td,table.compare th{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
    table.compare td.case,table.compare th.case{text-align:left}
    tr.regressed td{background:#fde2df}
    tr.improved td{background:#dff3e4}
    tr.within-noise td{color:#777}
    table.effects{font-size:12.5px}
    table.effects td{white-space:nowrap}
    table.effects td:last-child{white-space:normal}
    table.compare td.interacting{color:#b34100;font-weight:600}
    footer{margin-top:40px;color:#777;font-size:12px}
    """
}
