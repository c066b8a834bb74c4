import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database serves one process. A lock file holding our pid guards DATA_DIR; a lock
 * left by a process that no longer runs (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `O diretório de dados ${dataDir} já está em uso pelo processo ${holder}. ` +
            'O banco embutido atende um processo por vez: pare o outro processo ou use outro DATA_DIR.',
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Não foi possível travar o diretório de dados ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
