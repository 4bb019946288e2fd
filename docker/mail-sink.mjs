// A minimal SMTP sink for the compose check: accepts every message and prints it to stdout, so
// verification codes can be read from `docker compose logs mailsink` while the app runs with its
// production settings (real SMTP). Not a mail server: no auth, no TLS, no relaying.
import net from 'node:net';

const port = Number(process.env.SMTP_SINK_PORT || 2525);
net
  .createServer((socket) => {
    let inData = false;
    let message = '';
    let buffer = '';
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 mail-sink ESMTP');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            console.log(`----- message -----\n${message}----- end -----`);
            message = '';
            reply('250 OK: queued');
          } else {
            message += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 mail-sink');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  })
  .listen(port, '0.0.0.0', () => console.log(`mail-sink listening on ${port}`));
