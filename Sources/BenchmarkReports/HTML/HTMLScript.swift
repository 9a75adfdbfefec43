/// The report's one script, inlined at the end of the page: an enhancement,
/// never a source of content.
///
/// - The answers' size buttons show each pattern's paragraph for that size
///   (all are in the markup; the others are `hidden`).
/// - The filter bar above the summary tables keeps the columns of strategies
///   whose id contains the text typed (`apple`, `none` and the store floor
///   always stay) and the rows of one size.
/// - A click on a header of a `sortable` table sorts its rows by that column:
///   by a cell's `data-sort` number where it has one, else by the first number
///   in its text, else by its text; a second click reverses.
///
/// No `<` or `&` appears in it, so the page stays well-formed XML.
enum HTMLScript {
  static let source = """
    (function () {
      function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
      all('[data-answer-size]').forEach(function (button) {
        button.addEventListener('click', function () {
          var size = button.getAttribute('data-answer-size');
          all('#answers p[data-size]').forEach(function (p) { p.hidden = p.getAttribute('data-size') !== size; });
          all('[data-answer-size]').forEach(function (b) { b.className = b === button ? 'on' : ''; });
        });
      });
      var kept = ['apple', 'none', 'store-floor'];
      function filter() {
        var text = (document.getElementById('strategy-filter') || {}).value || '';
        var size = (document.getElementById('size-filter') || {}).value || '';
        all('table.summary [data-strategy]').forEach(function (cell) {
          var id = cell.getAttribute('data-strategy');
          var show = text === '' || id.indexOf(text) !== -1 || kept.indexOf(id) !== -1;
          cell.style.display = show ? '' : 'none';
        });
        all('table.summary tr[data-size]').forEach(function (row) {
          row.style.display = size === '' || row.getAttribute('data-size') === size ? '' : 'none';
        });
      }
      all('#strategy-filter, #size-filter').forEach(function (input) {
        input.addEventListener('input', filter);
        input.addEventListener('change', filter);
      });
      function key(cell) {
        if (!cell) { return ''; }
        var sort = cell.getAttribute('data-sort');
        if (sort !== null) { if (sort !== '') { return parseFloat(sort); } }
        var text = cell.textContent.trim();
        var number = text.match(/-?[0-9]+([.][0-9]+)?(e-?[0-9]+)?/);
        return number ? parseFloat(number[0]) : text;
      }
      all('table.sortable').forEach(function (table) {
        var head = table.rows[0];
        Array.prototype.forEach.call(head.cells, function (th, column) {
          th.className += ' sorter';
          th.addEventListener('click', function () {
            var up = th.getAttribute('data-order') !== 'up';
            th.setAttribute('data-order', up ? 'up' : 'down');
            var rows = Array.prototype.slice.call(table.rows, 1);
            rows.sort(function (a, b) {
              var x = key(a.cells[column]), y = key(b.cells[column]);
              var order = typeof x === 'number'
                ? (typeof y === 'number' ? x - y : -1)
                : (typeof y === 'number' ? 1 : String(x).localeCompare(String(y)));
              return up ? order : -order;
            });
            rows.forEach(function (row) { row.parentNode.appendChild(row); });
          });
        });
      });
    })();
    """
}
