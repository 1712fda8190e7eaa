const { src, dest, parallel, task } = require('gulp');

// `encoding: false` keeps binary assets (PNG) intact; gulp 5 reads files as UTF-8 by default.

/** Package icons (referenced as `file:../icons/...` from dist/credentials and dist/nodes/<Node>). */
function copyPackageIcons() {
	return src('icons/*.{svg,png}', { encoding: false }).pipe(dest('dist/icons'));
}

/** Icons and codex files (`<Node>.node.json`) kept beside the sources land beside the compiled nodes. */
function copyNodeAssets() {
	return src('nodes/**/*.{svg,png,json}', { base: '.', encoding: false }).pipe(dest('dist'));
}

task('build:icons', parallel(copyPackageIcons, copyNodeAssets));
