// Loaded with `--import` into every node process of a run (selftest/bench/cpu-profile.ts): profiles the
// process from here to its exit and writes the profile into CPU_PROFILE_DIR. Node refuses --cpu-prof in
// NODE_OPTIONS, and a run's workers take their options from there.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // An in-process session answers at once: the profile is written before the process is gone.
  process.on('exit', () =>
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    }),
  );
}
