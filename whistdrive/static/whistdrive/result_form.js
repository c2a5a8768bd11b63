// A result form: typing North–South's tricks fills East–West's as 13 less them (the cards make 13).
document.addEventListener("input", (event) => {
  const target = document.getElementById(event.target.dataset.thirteenLess || "");
  const tricks = Number.parseInt(event.target.value, 10);
  if (target && Number.isInteger(tricks) && tricks >= 0 && tricks <= 13) {
    target.value = String(13 - tricks);
  }
});
