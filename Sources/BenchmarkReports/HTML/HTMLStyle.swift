/// The report's style sheet, inlined into every page.
///
/// System fonts only (nothing is fetched), widths that suit a 1400-pixel desktop
/// window and still read when printed. No `<` or `&` appears in it, so the page
/// stays well-formed XML.
enum HTMLStyle {
  static let css = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;
      margin:0;background:#fff}
    main{max-width:1360px;margin:0 auto;padding:18px 20px 48px}
    h1{font-size:26px;margin:4px 0 2px}
    h2{font-size:20px;margin:34px 0 8px;padding-bottom:4px;border-bottom:2px solid #e4e4e4}
    h3{font-size:16px;margin:26px 0 2px}
    p.lede,p.note{color:#555;margin:2px 0 10px}
    code{font:12.5px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f2f2f2;padding:0 3px;
      border-radius:3px}
    nav{margin:8px 0 0;color:#555}
    nav a{margin-right:14px;color:#1f5fa8;text-decoration:none}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums}
    table.env th{text-align:left;font-weight:600;color:#444;padding:3px 16px 3px 0;vertical-align:top;
      white-space:nowrap}
    table.env td{padding:3px 18px 3px 0;vertical-align:top}
    table.summary{margin:6px 0 4px;font-size:12px}
    table.summary th{font-weight:600;font-size:11.5px;padding:4px 3px;border-bottom:1px solid #bbb;
      vertical-align:bottom;line-height:1.15;text-align:center}
    table.summary th.scenario{text-align:left}
    table.summary td{padding:2px 3px;border:1px solid #fff;text-align:center;min-width:46px}
    table.summary td.scenario{text-align:left;white-space:nowrap;border:0;border-bottom:1px solid #eee;
      padding-right:8px}
    table.summary td.size{color:#666;text-align:right;border:0;border-bottom:1px solid #eee}
    table.summary td.floor{background:#ececec;color:#555}
    table.summary td.ref{background:#fff;outline:1px solid #ccc;outline-offset:-1px}
    table.summary .r{display:block;font-weight:600;font-size:12px}
    table.summary .t{display:block;color:#444;font-size:10.5px}
    table.summary .ci{display:block;color:#555;font-size:10px}
    table.summary .ci.wide{color:#b34100;font-weight:600}
    table.summary .run{display:block;font-size:10px;color:#666}
    table.summary .mark{cursor:help;padding-left:1px}
    table.summary .n{display:block;color:#777;font-size:9.5px}
    div.wide{overflow-x:auto;max-width:100%}
    table.summary th.scenario,table.summary td.scenario{position:sticky;left:0;background:#fff;z-index:1}
    .form{display:block;font-size:10px;color:#7a4b00;font-style:italic}
    table.headlines{width:100%;font-size:13px}
    table.headlines th{text-align:left;font-weight:600;color:#444;padding:4px 10px 4px 0;vertical-align:bottom;
      border-bottom:1px solid #bbb}
    table.headlines td{padding:4px 10px 4px 0;vertical-align:top;border-bottom:1px solid #eee}
    table.headlines td.num{white-space:nowrap}
    table.headlines td.scenario{white-space:nowrap}
    table.headlines td.scenario .form{white-space:normal;max-width:170px}
    table.headlines td.ties{min-width:330px}
    table.headlines td.same{color:#555;font-style:italic}
    table.headlines td.loss{color:#a03000;font-weight:600}
    table.headlines td.ties{font-size:12px}
    table.headlines td.ties code{white-space:nowrap;font-size:11.5px}
    table.headlines tr.lead td{border-bottom:0}
    table.headlines tr.beside td{font-size:12px;color:#555;padding-top:0}
    section.answers{background:#f4f8fc;border:1px solid #d5e3f1;border-radius:4px;padding:4px 14px 8px;margin:10px 0}
    section.answers h2{margin:6px 0 2px;border:0}
    ul.answers{list-style:none;margin:6px 0;padding:0}
    ul.answers li{margin:0 0 9px;padding:0 0 7px;border-bottom:1px solid #dde7f2}
    p.answer{margin:0 0 3px;font-size:14px}
    p.answer.loss{border-left:4px solid #b34100;padding-left:8px}
    ul.answers details summary{cursor:pointer;color:#1f5fa8;font-size:12.5px}
    ul.answers details table{margin:6px 0}
    ul.disagree{margin:4px 0 2px;padding-left:18px;color:#5a3a00}
    div.pick{margin:6px 0 8px;font-size:13px;color:#444}
    div.pick button{font:inherit;font-size:12.5px;padding:1px 9px;margin:0 2px;border:1px solid #9db7d5;
      border-radius:3px;background:#fff;cursor:pointer}
    div.pick button.on{background:#1f5fa8;color:#fff;border-color:#1f5fa8}
    div.pick input,div.pick select{font:inherit;font-size:12.5px}
    th.sorter{cursor:pointer}
    div.choice{background:#f4f8fc;border:1px solid #d5e3f1;border-radius:4px;padding:4px 14px 6px;margin:8px 0 14px}
    div.choice h2{margin:6px 0 2px}
    div.choice ul{margin:4px 0;padding-left:18px}
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
    table.effects td.wrap{white-space:normal;min-width:9em}
    table.compare td.interacting{color:#b34100;font-weight:600}
    footer{margin-top:40px;color:#777;font-size:12px}
    """
}
