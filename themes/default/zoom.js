// Image zoom, as Mintlify has it: an image of the page's text (Markdown or
// <img>) opens full size in a modal dialog when chosen; `<img noZoom>`
// (data-no-zoom) does not, nor does an image inside a link, a card, a tile
// or an icon. The image is wrapped in a button so keyboards reach it; the
// dialog closes with Escape, its Close button or a click beside the image.
// Without this script images stay as they are.
(function () {
  "use strict";

  var skip = "a, button, .c-card, .c-tile, .c-icon-img, .c-zoom, [data-no-zoom]";

  function zoomable(img) {
    return !img.closest(skip) && !img.hasAttribute("data-no-zoom");
  }

  function openZoom(img) {
    var dialog = document.createElement("dialog");
    dialog.className = "c-zoom";
    dialog.setAttribute("aria-label", img.alt ? "Image: " + img.alt : "Image");
    var close = document.createElement("button");
    close.type = "button";
    close.className = "c-zoom-close";
    close.textContent = "Close";
    var big = img.cloneNode(false);
    big.removeAttribute("width");
    big.removeAttribute("height");
    big.removeAttribute("class");
    dialog.appendChild(close);
    dialog.appendChild(big);
    close.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", function () { dialog.remove(); });
    document.body.appendChild(dialog);
    dialog.showModal();
    close.focus();
  }

  function wrap(img) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "c-zoom-trigger";
    button.setAttribute("aria-label", img.alt ? "Zoom image: " + img.alt : "Zoom image");
    // An image shown in one colour mode only hides its button with it.
    ["only-light", "only-dark"].forEach(function (mode) {
      if (img.classList.contains(mode)) button.classList.add(mode);
    });
    img.parentNode.insertBefore(button, img);
    button.appendChild(img);
    button.addEventListener("click", function () { openZoom(img); });
  }

  function init() {
    if (typeof HTMLDialogElement !== "function") return;
    document.querySelectorAll(".prose img").forEach(function (img) {
      if (zoomable(img)) wrap(img);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
