/**
 * The console's one stylesheet (served at `{base}/assets/console.css`): system fonts, AA contrast,
 * one column below 46rem, where the menu is behind a Menu button (with the script; without it the
 * menu stays a list) and each table row is a card of labelled fields.
 */
export const CONSOLE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; background: #f4f5f7; }
a { color: #0b5cad; } a:hover { color: #08427c; }
:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; }
.skip:focus { left: 0; z-index: 10; }
.shell { display: grid; grid-template-columns: 14rem 1fr; min-height: 100vh; }
.shell > div { min-width: 0; }
pre { white-space: pre-wrap; word-break: break-all; background: #f0f2f5; padding: .6rem; border-radius: 6px; }
.sidebar { background: #14213d; color: #fff; padding: 1rem; }
.sidebar a { color: #fff; text-decoration: none; display: block; padding: .45rem .6rem; border-radius: 6px; }
.sidebar a:hover, .sidebar a[aria-current="page"] { background: #2b3d63; }
.sidebar .brand { font-weight: 700; font-size: 1.2rem; margin: 0 0 1rem; padding: 0 .6rem; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar .group { color: #c9d3e6; font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; margin: 1rem .6rem .3rem; }
.topbar { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap; padding: .8rem 1.5rem; background: #fff; border-bottom: 1px solid #dde1e7; }
.topbar form { margin: 0; } .topbar button { margin: 0; }
.content { padding: 1.5rem; max-width: 72rem; min-width: 0; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; } h2 { font-size: 1.15rem; margin: 1.5rem 0 .6rem; }
.card { background: #fff; border-radius: 10px; padding: 1.2rem; box-shadow: 0 1px 4px #0002; margin-bottom: 1rem; overflow-x: auto; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 1rem; }
.stat { font-size: 1.6rem; font-weight: 700; margin: 0; }
.auth { max-width: 26rem; margin: 3rem auto; padding: 0 1rem; }
.auth .brand { font-weight: 700; font-size: 1.4rem; text-align: center; margin-bottom: 1rem; }
label { display: block; font-weight: 600; margin: .8rem 0 .25rem; }
.hint { color: #4a5366; font-size: .9rem; margin: .2rem 0 0; }
input[type=text], input[type=email], input[type=password], input[type=url], input[type=number], input[type=tel], select, textarea {
  font: inherit; width: 100%; padding: .55rem .7rem; border: 1px solid #8a93a3; border-radius: 6px; background: #fff; color: inherit; }
textarea { min-height: 6rem; }
[aria-invalid="true"] { border-color: #b42318; }
.field-error { color: #b42318; font-size: .9rem; margin: .25rem 0 0; }
fieldset { border: 1px solid #c9ced6; border-radius: 6px; margin: .8rem 0; padding: .4rem .8rem .8rem; }
fieldset label { display: inline-flex; gap: .4rem; align-items: center; font-weight: 400; margin: .3rem 1rem .3rem 0; }
legend { font-weight: 600; padding: 0 .3rem; }
button, .button { font: inherit; display: inline-block; border: 0; border-radius: 6px; padding: .55rem 1.1rem; cursor: pointer; background: #1f6f46; color: #fff; text-decoration: none; margin-top: 1rem; }
button.secondary, .button.secondary { background: #e6e8ec; color: #1d2330; }
button.danger { background: #b42318; }
button.link { background: none; color: #0b5cad; padding: 0; margin: 0; text-decoration: underline; }
.inline { display: inline; margin: 0; } .inline button { margin-top: 0; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid #e3e6eb; vertical-align: top; }
th { color: #4a5366; font-weight: 600; }
caption { text-align: left; font-weight: 600; padding-bottom: .4rem; }
code, .secret { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; word-break: break-all; }
.secret { display: block; background: #f0f2f5; padding: .6rem; border-radius: 6px; }
.flash { padding: .7rem 1rem; border-radius: 6px; margin-bottom: 1rem; background: #e4f2ea; color: #14532d; }
.flash.error, .alert { background: #fde8e8; color: #7a1010; padding: .7rem 1rem; border-radius: 6px; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 999px; background: #e6e8ec; font-size: .85rem; }
.badge.ok { background: #d4edda; color: #14532d; } .badge.bad { background: #fde8e8; color: #7a1010; }
.bar { display: flex; align-items: flex-end; gap: 4px; height: 8rem; }
.bar span { flex: 1; background: #2f6fb3; min-height: 1px; border-radius: 2px 2px 0 0; }
.muted { color: #4a5366; }
.chart { margin: 0 0 1rem; }
.chart figcaption { color: #4a5366; font-size: .9rem; }
.chart-title { font-size: 1rem; margin: 0 0 .4rem; }
.day-chart { width: 100%; height: 8rem; display: block; background: #f7f8fa; border-radius: 6px; }
.day-chart rect, .hbar rect { fill: #2f6fb3; }
.hbar { width: 100%; height: .9rem; display: block; }
.bar-cell { width: 55%; } .count { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
dl.records dt { font-weight: 600; margin-top: .6rem; } dl.records dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.menu-button { display: none; }
@media (max-width: 46rem) {
  .shell { grid-template-columns: 1fr; min-height: 0; }
  .sidebar { padding: .5rem .8rem; min-width: 0; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem; }
  .sidebar .brand { margin: 0; padding: 0 .3rem; }
  .menu-button { margin: 0; }
  .scripted .menu-button { display: inline-block; }
  .sidebar ul { flex-basis: 100%; }
  .scripted .sidebar ul:not(.open) { display: none; }
  .sidebar .group { margin: .6rem .6rem .2rem; }
  .topbar { padding: .5rem 1rem; }
  .content { padding: 1rem; }
  table.rows, table.rows caption, table.rows tbody, table.rows tr, table.rows td { display: block; width: 100%; }
  table.rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.rows tr { border: 1px solid #e3e6eb; border-radius: 8px; padding: .3rem .6rem; margin-bottom: .6rem; }
  table.rows td { border: 0; padding: .25rem 0; }
  table.rows td::before { content: attr(data-label); display: block; color: #4a5366; font-size: .8rem; font-weight: 600; }
  th, td { padding: .4rem; }
}
`;
