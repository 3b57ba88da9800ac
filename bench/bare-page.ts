/**
 * The reference every browser figure is compared with: the least a page can do to show the
 * application's events (one raw WebSocket, each message's text written into the DOM, the last 20
 * kept). It reads its connection from the fragment's query, as the widgets do.
 */
export const BARE_PAGE_PATH = '/bare.html';

export const BARE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Bare reference</title></head>
<body>
<ol id="lines"></ol>
<script>
	const query = new URLSearchParams(location.hash.slice(location.hash.indexOf('?') + 1));
	const url = 'ws://' + query.get('host') + ':' + query.get('port') + '/api?token=' + encodeURIComponent(query.get('token'));
	const lines = document.getElementById('lines');
	function connect() {
		const socket = new WebSocket(url);
		socket.onmessage = (event) => {
			const envelope = JSON.parse(event.data);
			const line = document.createElement('li');
			line.textContent = (envelope.data && (envelope.data.message || (envelope.data.dynamic && envelope.data.dynamic.username))) || envelope.type || '';
			lines.append(line);
			if (lines.children.length > 20) lines.firstElementChild.remove();
		};
		socket.onclose = () => setTimeout(connect, 1000);
	}
	connect();
</script>
</body>
</html>
`;
