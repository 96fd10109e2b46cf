const http = require('node:http');

const server = http.createServer((req, res) => {
  res.end('ok');
});

server.listen(3000);
