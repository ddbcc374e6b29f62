import { readManifest } from '@server/sea/assets';
import { COMMANDS } from './commands';

/** The single executable's dispatcher: `roll-call [command] [options]`, `--version`, `--help`, `<command> --help`. */
function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Roll Call ${readManifest().version}: self-hosted school attendance, in one file.

Usage: roll-call [command] [options]

Commands:
${lines.join('\n')}

  roll-call <command> --help   that command's options
  roll-call --version          the version and build

Native parts and models are unpacked once to $XDG_CACHE_HOME/roll-call/<build> (else ~/.cache/roll-call).`;
}

// process.argv is [executable, executable, ...arguments] in a single executable.
const args = process.argv.slice(2);
const first = args[0];
if (first === '--version' || first === '-v') {
  const m = readManifest();
  console.log(`roll-call ${m.version} (build ${m.build}, node ${process.versions.node})`);
} else if (first === '--help' || first === '-h' || first === 'help') {
  console.log(help());
} else {
  const name = first === undefined || first.startsWith('-') ? 'serve' : first;
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command '${name}'.\n\n${help()}`);
    process.exit(2);
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`Usage: ${command.usage}`);
  } else {
    // The scripts read their options from process.argv (parseArgs): they must not see the command's name.
    if (name === first) process.argv.splice(2, 1);
    await command.run();
  }
}
