/* The 8-puzzle boards of the course's website, playable in the page with no kernel and nothing fetched.

   `python3 course.py book` writes each 3x3 PuzzleBoard of a chapter as
   <div class="puzzlekit-board" data-board="8,6,2,4,5,3,1,0,7">(the picture, for a page without scripts)</div>;
   this script turns each one into a board that plays: a click on a tile next to the blank slides it, Shuffle deals a
   solvable board, Reset brings back the board the chapter showed, Hint names the next move of a shortest solution
   and Solve plays one. The shortest solutions come from A* with the Manhattan distance (admissible and consistent,
   so the first time the goal leaves the frontier its path is optimal), as chapter 4 builds it.
   In JupyterLab the same board is puzzlekit's ipywidget, run by the kernel: this file is only the website's. */
(function () {
  "use strict";
  var SIZE = 3, GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];

  function neighbours(blank) {  // the cells a tile can slide from into the blank
    var row = Math.floor(blank / SIZE), col = blank % SIZE, found = [];
    if (row > 0) found.push(blank - SIZE);
    if (row < SIZE - 1) found.push(blank + SIZE);
    if (col > 0) found.push(blank - 1);
    if (col < SIZE - 1) found.push(blank + 1);
    return found;
  }

  function slid(board, cell) {  // the board after the tile in `cell` slides into the blank
    var next = board.slice(), blank = board.indexOf(0);
    next[blank] = board[cell];
    next[cell] = 0;
    return next;
  }

  function manhattan(board) {
    var total = 0;
    for (var cell = 0; cell < board.length; cell++) {
      var tile = board[cell];
      if (tile !== 0) {
        total += Math.abs(Math.floor(cell / SIZE) - Math.floor((tile - 1) / SIZE)) +
                 Math.abs(cell % SIZE - (tile - 1) % SIZE);
      }
    }
    return total;
  }

  function solvable(board) {  // 3 columns (odd): solvable exactly when the tiles have an even number of inversions
    var tiles = board.filter(function (tile) { return tile !== 0; }), inversions = 0;
    for (var i = 0; i < tiles.length; i++) {
      for (var j = i + 1; j < tiles.length; j++) { if (tiles[i] > tiles[j]) inversions++; }
    }
    return inversions % 2 === 0;
  }

  // A binary heap of [f, tie, key]: the frontier, lowest f first, then the earliest pushed (the tie-breaker).
  function Heap() { this.items = []; }
  Heap.prototype.push = function (item) {
    var items = this.items, at = items.push(item) - 1;
    while (at > 0) {
      var up = (at - 1) >> 1;
      if (!less(items[at], items[up])) break;
      var swap = items[at]; items[at] = items[up]; items[up] = swap; at = up;
    }
  };
  Heap.prototype.pop = function () {
    var items = this.items, top = items[0], last = items.pop();
    if (items.length) {
      items[0] = last;
      var at = 0;
      for (;;) {
        var left = 2 * at + 1, right = left + 1, least = at;
        if (left < items.length && less(items[left], items[least])) least = left;
        if (right < items.length && less(items[right], items[least])) least = right;
        if (least === at) break;
        var swap = items[at]; items[at] = items[least]; items[least] = swap; at = least;
      }
    }
    return top;
  };
  function less(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }

  // The cells to click, in order, for a shortest solution of `board` (A* with the Manhattan distance).
  function shortestSolution(board) {
    var start = board.join(","), goal = GOAL.join(","), cost = {}, parent = {}, frontier = new Heap(), count = 0;
    cost[start] = 0;
    parent[start] = null;
    frontier.push([manhattan(board), count++, start]);
    while (frontier.items.length) {
      var key = frontier.pop()[2];
      if (key === goal) break;
      var current = key.split(",").map(Number), g = cost[key] + 1;
      neighbours(current.indexOf(0)).forEach(function (cell) {
        var next = slid(current, cell), nextKey = next.join(",");
        if (!(nextKey in cost) || g < cost[nextKey]) {
          cost[nextKey] = g;
          parent[nextKey] = [key, cell];
          frontier.push([g + manhattan(next), count++, nextKey]);
        }
      });
    }
    var cells = [];
    for (var at = goal; parent[at]; at = parent[at][0]) cells.unshift(parent[at][1]);
    return cells;
  }

  function button(text, label) {
    var made = document.createElement("button");
    made.type = "button";
    made.textContent = text;
    if (label) made.setAttribute("aria-label", label);
    return made;
  }

  function play(holder) {
    var first = holder.getAttribute("data-board").split(",").map(Number);
    var board = first.slice(), moves = 0, playing = null, hinted = -1;
    var grid = document.createElement("div"), status = document.createElement("p");
    var controls = document.createElement("div"), tiles = [];
    grid.className = "pk-play-grid";
    controls.className = "pk-play-controls";
    status.className = "pk-play-status";
    status.setAttribute("aria-live", "polite");
    for (var cell = 0; cell < board.length; cell++) {
      var tile = button("", "");
      tile.className = "pk-play-tile";
      tile.addEventListener("click", clicked.bind(null, cell));
      tiles.push(tile);
      grid.appendChild(tile);
    }
    var shuffle = button("Shuffle"), reset = button("Reset"), hint = button("Hint"), solve = button("Solve");
    [shuffle, reset, hint, solve].forEach(function (control) { controls.appendChild(control); });

    function draw(message) {
      for (var cell = 0; cell < board.length; cell++) {
        var tile = board[cell];
        tiles[cell].textContent = tile === 0 ? "" : String(tile);
        tiles[cell].setAttribute("aria-label", tile === 0 ? "the blank" : "tile " + tile);
        tiles[cell].classList.toggle("pk-play-blank", tile === 0);
        tiles[cell].classList.toggle("pk-play-hint", cell === hinted);
      }
      holder.setAttribute("data-moves", String(moves));
      holder.setAttribute("data-current", board.join(","));
      var solved = board.join(",") === GOAL.join(",");
      status.textContent = "Moves: " + moves + (solved ? ". Solved!" : "") + (message ? " " + message : "");
    }
    function stop() { if (playing !== null) { clearTimeout(playing); playing = null; } }
    function clicked(cell) {
      stop();
      if (neighbours(board.indexOf(0)).indexOf(cell) < 0) {
        draw(board[cell] === 0 ? "That is the blank: click a tile next to it."
                               : "Tile " + board[cell] + " is not next to the blank.");
        return;
      }
      board = slid(board, cell);
      moves += 1;
      hinted = -1;
      draw("");
    }
    shuffle.addEventListener("click", function () {
      stop();
      var dealt;
      do {
        dealt = GOAL.slice();
        for (var i = dealt.length - 1; i > 0; i--) {
          var j = Math.floor(Math.random() * (i + 1)), swap = dealt[i]; dealt[i] = dealt[j]; dealt[j] = swap;
        }
      } while (!solvable(dealt) || dealt.join(",") === GOAL.join(","));
      board = dealt; moves = 0; hinted = -1;
      draw("A new board: every shuffle here can be solved.");
    });
    reset.addEventListener("click", function () {
      stop(); board = first.slice(); moves = 0; hinted = -1; draw("Back to the chapter's board.");
    });
    hint.addEventListener("click", function () {
      stop();
      var path = shortestSolution(board);
      if (!path.length) { hinted = -1; draw("Nothing to do: the board is solved."); return; }
      hinted = path[0];
      draw("Hint: slide tile " + board[hinted] + " (the shortest solution takes " + path.length + " moves).");
    });
    solve.addEventListener("click", function () {
      stop();
      var path = shortestSolution(board), total = path.length;
      hinted = -1;
      holder.setAttribute("data-solution", String(total));
      draw("A shortest solution: " + total + " moves.");
      (function step() {
        if (!path.length) { playing = null; draw("Solved in " + total + " moves, as few as there can be."); return; }
        board = slid(board, path.shift());
        moves += 1;
        draw("Playing a shortest solution: " + path.length + " moves to go.");
        playing = setTimeout(step, 250);
      })();
    });

    holder.textContent = "";
    holder.classList.add("pk-playing");
    holder.appendChild(grid);
    holder.appendChild(controls);
    holder.appendChild(status);
    draw("Click a tile next to the blank to slide it.");
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".puzzlekit-board[data-board]"), play);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
