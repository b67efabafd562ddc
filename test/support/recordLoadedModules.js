// Writes the files of every module the process loaded to LOADED_MODULES_FILE as it exits (one path
// a line), so a test can tell what a command pulled in. `node -r ./test/support/recordLoadedModules.js …`
const fs = require('node:fs');

process.on('exit', () => {
  fs.writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n'));
});
