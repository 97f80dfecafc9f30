// A first render with no framework: a heading and a 40 x 4 table of figures.
const root = document.getElementById('root');
const heading = document.createElement('h1');
heading.textContent = 'LLM memory check';
root.appendChild(heading);
const table = document.createElement('table');
for (let row = 0; row < 40; row++) {
  const tr = table.insertRow();
  for (let col = 0; col < 4; col++) tr.insertCell().textContent = `row ${row}, column ${col}: ${(row * 7.3 + col).toFixed(2)} GB`;
}
root.appendChild(table);
