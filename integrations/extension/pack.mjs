// npm run pack:extension: builds the extension and zips it into dist/kg-workbench-extension.zip, the file the Chrome
// Web Store takes (and which unzips into a folder for "Load unpacked"). A small writer of the zip format (deflate,
// CRC-32 from node:zlib), so packing needs no tool beyond Node.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { buildExtension } from './build.mjs';

function files(dir, base = dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full, base) : [path.relative(base, full).split(path.sep).join('/')];
    });
}

export function zip(dir) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const name of files(dir)) {
    const data = readFileSync(path.join(dir, name));
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const common = (h, at) => {
      h.writeUInt16LE(20, at); // version needed
      h.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      h.writeUInt16LE(8, at + 4); // deflate
      h.writeUInt16LE(0, at + 6); // time
      h.writeUInt16LE(0x21, at + 8); // date: 1980-01-01 (reproducible archives)
      h.writeUInt32LE(crc, at + 10);
      h.writeUInt32LE(packed.length, at + 14);
      h.writeUInt32LE(data.length, at + 18);
      h.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    locals.push(local, nameBytes, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    common(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const dirBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = await buildExtension();
  const target = path.join(path.dirname(dir), 'kg-workbench-extension.zip');
  const archive = zip(dir);
  writeFileSync(target, archive);
  console.log(`wrote ${path.relative(process.cwd(), target)} (${(archive.length / 1024).toFixed(1)} KB)`);
}
